import { describe, expect, it } from 'vitest';
import { sessionMayExist } from './early';

// The early script takes the server's word (boot data) on the session marker; document.cookie
// is a synchronous round trip to the browser's network process at the start of every signed-in page.
describe('whether the early script may refresh a session', () => {
  const unreadable = {
    get cookie(): string {
      throw new Error('document.cookie read although the page says');
    },
  };
  it("takes the page's boot data and reads no cookie", () => {
    expect(sessionMayExist(unreadable, { remotes: [], session: true })).toBe(true);
    expect(sessionMayExist(unreadable, { remotes: [], session: false })).toBe(false);
  });
  it('reads the session marker cookie where the server did not answer the page (dev server)', () => {
    expect(sessionMayExist({ cookie: 'a=1; portal_session=1' }, null)).toBe(true);
    expect(sessionMayExist({ cookie: 'portal_session=1' }, { remotes: [] })).toBe(true);
    expect(sessionMayExist({ cookie: 'a=1' }, null)).toBe(false);
  });
});
