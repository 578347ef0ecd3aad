import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { revocations } from '../../platform/auth/revocation.js';
import { createTestApp, createUser } from '../../../test/helpers.js';
import { passkeySession } from '../../../test/software-authenticator.js';

// docs/decisions.md "Auth": a signed-out session, a deleted or disabled user stops at once, not
// when its 15-minute access token expires. These run with the process's LISTEN connection up
// (the in-memory path, as in production); realtime/revocation.test.ts covers the database path.
const app = createTestApp(['auth', 'wallet', 'profile', 'admin']);
const PASSWORD = 'Correct-horse-42';

beforeAll(async () => {
  await revocations.start();
});
afterAll(async () => {
  await revocations.stop();
});

async function signIn(email: string) {
  const res = await app.request('/api/auth/token?grant_type=password', {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'user-agent': `test-${Math.random()}` },
    body: JSON.stringify({ email, password: PASSWORD }),
  });
  expect(res.status).toBe(200);
  const body = (await res.json()) as { access_token: string };
  return { authorization: `Bearer ${body.access_token}` };
}
const dashboard = (headers: Record<string, string>) => app.request('/api/wallet/dashboard', { headers });
async function expectEnded(res: Response) {
  expect(res.status).toBe(401);
  expect(await res.json()).toMatchObject({
    code: 'UNAUTHENTICATED',
    error: 'Session has ended. Please sign in again.',
  });
}

describe('revoked sessions stop at once (not after the 15-minute access token lifetime)', () => {
  it('runs on the in-memory set', () => {
    expect(revocations.mode).toBe('memory');
  });

  it("logout scope=global: another session's still-unexpired access token gets 401 on its next request", async () => {
    const user = await createUser({ password: PASSWORD });
    const laptop = await signIn(user.email);
    const phone = await signIn(user.email);
    expect((await dashboard(phone)).status).toBe(200); // verified and cached before the logout
    const out = await app.request('/api/auth/logout?scope=global', { method: 'POST', headers: laptop });
    expect(out.status).toBe(204);
    await expectEnded(await dashboard(phone));
    await expectEnded(await dashboard(laptop));
    // Signing in again afterwards works (a new session is not caught by the old ones' revocation).
    expect((await dashboard(await signIn(user.email))).status).toBe(200);
  });

  it("logout scope=local ends only the caller's session", async () => {
    const user = await createUser({ password: PASSWORD });
    const a = await signIn(user.email);
    const b = await signIn(user.email);
    expect((await app.request('/api/auth/logout?scope=local', { method: 'POST', headers: a })).status).toBe(204);
    await expectEnded(await dashboard(a));
    expect((await dashboard(b)).status).toBe(200);
  });

  it("signing out one session from the profile's security section ends that session only", async () => {
    const user = await createUser({ password: PASSWORD });
    const mine = await signIn(user.email);
    const other = await signIn(user.email);
    expect((await dashboard(other)).status).toBe(200);
    const list = (
      (await (await app.request('/api/profile/sessions', { headers: mine })).json()) as {
        sessions: { id: string; current: boolean }[];
      }
    ).sessions;
    const target = list.find((s) => !s.current)!;
    expect(list).toHaveLength(2);
    expect((await app.request(`/api/profile/sessions/${target.id}`, { method: 'DELETE', headers: mine })).status).toBe(
      204,
    );
    await expectEnded(await dashboard(other));
    expect((await dashboard(mine)).status).toBe(200);
    expect((await app.request('/api/profile/sessions', { headers: mine })).status).toBe(200);
  });

  it('a user who deleted their account: every token of theirs fails at once', async () => {
    const user = await createUser({ password: PASSWORD });
    const a = await signIn(user.email);
    const b = await signIn(user.email);
    expect((await dashboard(b)).status).toBe(200);
    const del = await app.request('/api/profile/delete-account', {
      method: 'POST',
      headers: { ...a, 'content-type': 'application/json' },
      body: JSON.stringify({ password: PASSWORD }),
    });
    expect(del.status).toBe(204);
    await expectEnded(await dashboard(a));
    await expectEnded(await dashboard(b));
  });

  it("a user deleted by an admin: their token fails at once; the admin's own keeps working", async () => {
    const admin = await createUser({ password: PASSWORD, admin: true });
    const user = await createUser({ password: PASSWORD });
    const adminAuth = await passkeySession(app, await signIn(admin.email)); // admins sign in with a second factor
    const userAuth = await signIn(user.email);
    expect((await dashboard(userAuth)).status).toBe(200);
    expect((await app.request(`/api/admin/users/${user.id}`, { method: 'DELETE', headers: adminAuth })).status).toBe(
      204,
    );
    await expectEnded(await dashboard(userAuth));
    expect((await dashboard(adminAuth)).status).toBe(200);
  });

  it('a refresh-token reuse (after the session moved on) revokes the family: its access tokens stop too', async () => {
    const user = await createUser({ password: PASSWORD });
    const res = await app.request('/api/auth/token?grant_type=password', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: user.email, password: PASSWORD }),
    });
    const cookieOf = (r: Response) => r.headers.get('set-cookie')!.match(/portal_rt=([^;]*)/)![1]!;
    const refresh = (c: string) =>
      app.request('/api/auth/token?grant_type=refresh_token', {
        method: 'POST',
        headers: { cookie: `portal_rt=${c}` },
      });
    const first = cookieOf(res);
    const second = await refresh(first);
    expect(second.status).toBe(200);
    const third = await refresh(cookieOf(second)); // progress: the second token was used
    expect(third.status).toBe(200);
    const auth = { authorization: `Bearer ${((await third.json()) as { access_token: string }).access_token}` };
    expect((await dashboard(auth)).status).toBe(200);
    expect((await refresh(first)).status).toBe(401); // reuse of a spent token
    await expectEnded(await dashboard(auth));
  });

  it('a refresh retry inside the grace window does not end the session (database path agrees)', async () => {
    const user = await createUser({ password: PASSWORD });
    const res = await app.request('/api/auth/token?grant_type=password', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: user.email, password: PASSWORD }),
    });
    const first = res.headers.get('set-cookie')!.match(/portal_rt=([^;]*)/)![1]!;
    const refresh = () =>
      app.request('/api/auth/token?grant_type=refresh_token', {
        method: 'POST',
        headers: { cookie: `portal_rt=${first}` },
      });
    expect((await refresh()).status).toBe(200);
    const retry = await refresh(); // the answer was lost; the same token again within the grace
    expect(retry.status).toBe(200);
    const auth = { authorization: `Bearer ${((await retry.json()) as { access_token: string }).access_token}` };
    expect((await dashboard(auth)).status).toBe(200);
    await revocations.stop(); // listener down: each request asks the database
    try {
      expect(revocations.mode).toBe('database');
      expect((await dashboard(auth)).status).toBe(200);
    } finally {
      await revocations.start();
    }
    expect(revocations.mode).toBe('memory');
    expect((await dashboard(auth)).status).toBe(200); // not loaded as ended at re-sync either
  });
});
