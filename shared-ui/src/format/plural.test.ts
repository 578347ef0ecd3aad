import { describe, expect, it } from 'vitest';
import { countOf, plural } from './plural';

describe('counts with the right plural ("1 Like", never "1 Likes")', () => {
  it('one takes the singular; zero, many and fractions the plural', () => {
    expect(countOf(1, 'Like', 'Likes')).toBe('1 Like');
    expect(countOf(0, 'Like', 'Likes')).toBe('0 Likes');
    expect(countOf(2, 'Comment', 'Comments')).toBe('2 Comments');
    expect(countOf(1.5, 'day', 'days')).toBe('1.5 days');
  });

  it('groups thousands and picks only the word when asked', () => {
    expect(countOf(1200, 'proposal', 'proposals')).toBe('1,200 proposals');
    expect(plural(1, 'problem', 'problems')).toBe('problem');
    expect(plural(3, 'problem', 'problems')).toBe('problems');
  });
});
