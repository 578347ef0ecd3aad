import { describe, expect, it } from 'vitest';
import { etagMatches } from './conditional.js';

// A revalidation the browser's copy still answers is a 304 with no body (static files, the remote registry).
describe('If-None-Match against an ETag', () => {
  it('matches the tag, weak or strong on either side, in a list, or any tag for *', () => {
    expect(etagMatches('"abc"', '"abc"')).toBe(true);
    expect(etagMatches('W/"abc"', '"abc"')).toBe(true);
    expect(etagMatches('"abc"', 'W/"abc"')).toBe(true);
    expect(etagMatches('"x", W/"abc" ,"y"', 'W/"abc"')).toBe(true);
    expect(etagMatches(' * ', '"abc"')).toBe(true);
  });
  it('does not match another tag, a tag without its quotes, or no header', () => {
    expect(etagMatches('"abd"', '"abc"')).toBe(false);
    expect(etagMatches('abc', '"abc"')).toBe(false);
    expect(etagMatches('', '"abc"')).toBe(false);
    expect(etagMatches(undefined, '"abc"')).toBe(false);
  });
});
