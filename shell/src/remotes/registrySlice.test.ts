import { describe, expect, it } from 'vitest';
import { isSignedInRoute } from '../guards/routes';
import { bootState, matchesPrefix, registryKey, registrySlice, remoteForPath, type RemoteInfo } from './registrySlice';

const wallet: RemoteInfo = {
  name: 'mfe-wallet',
  version: '1',
  manifestUrl: '',
  entryUrl: '/remotes/mfe-wallet/1/remoteEntry.js',
  routes: ['/dashboard', '/invoice', '/invoices'],
  audience: 'user',
  preload: [],
  prefetch: {},
  split: false,
};
const admin: RemoteInfo = { ...wallet, name: 'mfe-admin', routes: ['/admin'], audience: 'admin' };

describe('remote routing by registry prefixes', () => {
  it('matches a prefix and its sub-paths, not look-alikes', () => {
    expect(matchesPrefix('/invoice', '/invoice')).toBe(true);
    expect(matchesPrefix('/invoice/42', '/invoice')).toBe(true);
    expect(matchesPrefix('/invoices', '/invoice')).toBe(false);
    expect(matchesPrefix('/administrator', '/admin')).toBe(false);
  });
  it('finds the owning remote', () => {
    expect(remoteForPath([wallet, admin], '/invoices/create')?.name).toBe('mfe-wallet');
    expect(remoteForPath([wallet, admin], '/admin/users')?.name).toBe('mfe-admin');
    expect(remoteForPath([wallet, admin], '/feed')).toBeUndefined();
  });
  it('guards the signed-in routes of the spec route table', () => {
    for (const p of ['/dashboard', '/user/bob', '/support/ticket/T-1', '/messages/9', '/invoices/create'])
      expect(isSignedInRoute(p)).toBe(true);
    for (const p of ['/', '/auth', '/faqs', '/admin', '/about-us']) expect(isSignedInRoute(p)).toBe(false);
  });
  it('only admins need their own registry; everyone else shares the anonymous list', () => {
    expect(registryKey({ status: 'loading', isAdmin: false, user: null })).toBe('anon');
    expect(registryKey({ status: 'signedIn', isAdmin: false, user: { id: 'u1' } })).toBe('anon');
    expect(registryKey({ status: 'signedIn', isAdmin: true, user: { id: 'a1' } })).toBe('a1');
    // a canary runs (split): a signed-in user asks for their own side of it; signed out, the anonymous list
    const split = [{ ...wallet, split: true }];
    expect(registryKey({ status: 'signedIn', isAdmin: false, user: { id: 'u1' } }, split)).toBe('u1');
    expect(registryKey({ status: 'signedOut', isAdmin: false, user: null }, split)).toBe('anon');
  });
});

describe('A changed release reaches an open page on its next navigation', () => {
  const ready = { status: 'ready' as const, key: 'anon', remotes: [wallet, admin], error: null };
  const revalidated = (remotes: RemoteInfo[], arg = 'anon') => ({
    type: 'registry/revalidated',
    payload: remotes,
    meta: { arg },
  });
  it("takes the new list when a release changed, keeps the same state object when nothing did, ignores another session's answer", () => {
    const rolledBack = { ...wallet, version: '0', entryUrl: '/remotes/mfe-wallet/0/remoteEntry.js' };
    expect(registrySlice.reducer(ready, revalidated([rolledBack, admin])).remotes[0]?.version).toBe('0');
    expect(registrySlice.reducer(ready, revalidated([{ ...wallet }, { ...admin }]))).toBe(ready);
    expect(registrySlice.reducer(ready, revalidated([rolledBack, admin], 'a1'))).toBe(ready);
  });
});

describe("the registry the page came with (index.html's boot data)", () => {
  const page = (boot: unknown) =>
    ({
      getElementById: (id: string) => (id === 'portal-boot' ? { textContent: JSON.stringify(boot) } : null),
    }) as unknown as Document;
  it("is an admin's own list when the server wrote it for that admin: no second request once the session is theirs", () => {
    const state = bootState(page({ remotes: [wallet, admin], session: true, user: 'a1' }));
    expect(state).toMatchObject({ status: 'ready', key: 'a1' });
    expect(state.key).toBe(registryKey({ status: 'signedIn', isAdmin: true, user: { id: 'a1' } }, state.remotes));
    // someone else's session (another admin, or one no longer admin) does not match: the page asks again
    expect(state.key).not.toBe(registryKey({ status: 'signedIn', isAdmin: true, user: { id: 'a2' } }, state.remotes));
    expect(state.key).not.toBe(registryKey({ status: 'signedIn', isAdmin: false, user: { id: 'a1' } }, state.remotes));
  });
  it('is the public list for everyone else', () => {
    expect(bootState(page({ remotes: [wallet], session: true }))).toMatchObject({ status: 'ready', key: 'anon' });
    expect(bootState(undefined)).toMatchObject({ status: 'idle', key: null });
  });
});
