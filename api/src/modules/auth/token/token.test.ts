import { describe, expect, it } from 'vitest';
import { getPool } from '../../../platform/db/pool.js';
import { bearer, createTestApp, createUser, tableCounts } from '../../../../test/helpers.js';

const app = createTestApp(['auth', 'wallet']);
const PASSWORD = 'Correct-horse-42';

function refreshCookie(res: Response): string | undefined {
  return res.headers.get('set-cookie')?.match(/portal_rt=([^;]*)/)?.[1] || undefined;
}
const signIn = (email: string, password: string) =>
  app.request('/api/auth/token?grant_type=password', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
const refresh = (cookie: string | undefined) =>
  app.request('/api/auth/token?grant_type=refresh_token', {
    method: 'POST',
    headers: cookie ? { cookie: `portal_rt=${cookie}` } : {},
  });
const logout = (scope: string, headers: Record<string, string>) =>
  app.request(`/api/auth/logout?scope=${scope}`, { method: 'POST', headers });

describe('password sign-in (POST /api/auth/token?grant_type=password)', () => {
  it('returns an access token, its expiry and the user; the refresh token only as an httpOnly SameSite=Strict cookie', async () => {
    const user = await createUser({ password: PASSWORD });
    const res = await signIn(user.email.toUpperCase(), PASSWORD); // e-mail is case-insensitive
    expect(res.status).toBe(200);
    const body = (await res.json()) as Record<string, unknown>;
    expect(body).toMatchObject({ token_type: 'bearer', expires_in: 900, user: { id: user.id, email: user.email } });
    expect(body.expires_at).toBeGreaterThan(Date.now() / 1000);
    expect(JSON.stringify(body)).not.toContain('refresh');
    const cookie = res.headers.get('set-cookie')!;
    expect(cookie).toMatch(/portal_rt=[^;]+/);
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Strict/i);
    expect(cookie).toMatch(/Path=\/api\/auth/);
    const dash = await app.request('/api/wallet/dashboard', {
      headers: { authorization: `Bearer ${body.access_token}` },
    });
    expect(dash.status).toBe(200);
  });

  it("a wrong password gets 401 'Invalid login credentials', the same as an unknown e-mail", async () => {
    const user = await createUser({ password: PASSWORD });
    const wrong = await signIn(user.email, 'Wrong-password-1');
    const unknown = await signIn('nobody@example.test', PASSWORD);
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(await wrong.json()).toEqual(await unknown.json());
  });

  it('malformed bodies get 400 naming the wrong fields and change nothing', async () => {
    const before = await tableCounts(['refresh_tokens', 'rate_limit_buckets', 'audit_log', 'users']);
    const missing = await app.request('/api/auth/token?grant_type=password', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'not-an-email' }),
    });
    expect(missing.status).toBe(400);
    expect(await missing.json()).toMatchObject({
      code: 'VALIDATION',
      details: { fields: { email: expect.any(String), password: expect.any(String) } },
    });
    const broken = await app.request('/api/auth/token?grant_type=password', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"email": ',
    });
    expect(broken.status).toBe(400);
    expect(await broken.json()).toMatchObject({ code: 'VALIDATION' });
    const badGrant = await app.request('/api/auth/token?grant_type=magic', { method: 'POST' });
    expect(badGrant.status).toBe(400);
    expect(await badGrant.json()).toMatchObject({ details: { fields: { grant_type: expect.any(String) } } });
    expect(await tableCounts(['refresh_tokens', 'rate_limit_buckets', 'audit_log', 'users'])).toEqual(before);
  });

  it('rate limits sign-in per account: after 10 attempts in 15 minutes the next gets 429 with a clear message', async () => {
    const user = await createUser({ password: PASSWORD });
    for (let i = 0; i < 10; i++) expect((await signIn(user.email, `Wrong-${i}`)).status).toBe(401);
    const limited = await signIn(user.email, PASSWORD); // even the right password waits
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toMatch(/^\d+$/);
    const body = (await limited.json()) as { error: string; code: string };
    expect(body.code).toBe('RATE_LIMITED');
    expect(body.error).toMatch(/^Too many sign-in attempts\. Please try again in \d+ minutes?\.$/);
  });
});

describe('sign-in rate limit per address', () => {
  it('the 31st sign-in attempt from one address within 15 minutes gets 429, whichever accounts it tries', async () => {
    await getPool().query(`DELETE FROM rate_limit_buckets WHERE key LIKE 'sign-in:ip:%'`); // every test here shares the address
    for (let i = 0; i < 30; i++) expect((await signIn(`nobody${i}@example.test`, 'Wrong-password-1')).status).toBe(401);
    const limited = await signIn('someone-else@example.test', 'Wrong-password-1');
    expect(limited.status).toBe(429);
    expect(await limited.json()).toMatchObject({
      code: 'RATE_LIMITED',
      error: expect.stringMatching(/^Too many sign-in attempts/),
    });
    await getPool().query(`DELETE FROM rate_limit_buckets WHERE key LIKE 'sign-in:ip:%'`); // every test here shares the address
  });
});

describe('refresh tokens (POST /api/auth/token?grant_type=refresh_token)', () => {
  it('rotates: each refresh returns a new access token and a new refresh cookie', async () => {
    const user = await createUser({ password: PASSWORD });
    const first = refreshCookie(await signIn(user.email, PASSWORD));
    const res = await refresh(first);
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ token_type: 'bearer', user: { id: user.id } });
    const second = refreshCookie(res);
    expect(second).toBeDefined();
    expect(second).not.toBe(first);
    expect((await refresh(second)).status).toBe(200);
  });

  it('reusing a rotated refresh token after its successor was used gets 401 and revokes the whole family, including its newest token', async () => {
    const user = await createUser({ password: PASSWORD });
    const first = refreshCookie(await signIn(user.email, PASSWORD));
    const second = refreshCookie(await refresh(first));
    const third = refreshCookie(await refresh(second));
    const reuse = await refresh(first);
    expect(reuse.status).toBe(401);
    expect(await reuse.json()).toMatchObject({ code: 'UNAUTHENTICATED' });
    expect((await refresh(third)).status).toBe(401);
    const { rows: audit } = await getPool().query(
      `SELECT a.subject = r.family_id::text AS family, a.before, a.after, a.data, a.ip FROM audit_log a
         JOIN refresh_tokens r ON r.user_id = a.actor_id WHERE a.actor_id = $1 AND a.action = 'auth.refresh_token_reused'`,
      [user.id],
    );
    expect(audit[0]).toEqual({ family: true, before: null, after: null, data: null, ip: null }); // committed with the revocation
  });

  it('a refresh answer lost in transit: the same token presented again within 20 s gets a new session, and the session goes on', async () => {
    const user = await createUser({ password: PASSWORD });
    const first = refreshCookie(await signIn(user.email, PASSWORD));
    const lost = refreshCookie(await refresh(first)); // the page navigated away: this cookie never arrived
    const retried = await refresh(first);
    expect(retried.status).toBe(200);
    const next = refreshCookie(retried);
    expect(next).not.toBe(lost);
    expect((await refresh(next)).status).toBe(200);
  });

  it('a rotated token presented after the 20 s grace revokes the family, even if its successor was never used', async () => {
    const user = await createUser({ password: PASSWORD });
    const first = refreshCookie(await signIn(user.email, PASSWORD));
    const second = refreshCookie(await refresh(first));
    await getPool().query(
      `UPDATE refresh_tokens SET rotated_at = rotated_at - interval '21 seconds' WHERE user_id = $1 AND rotated_at IS NOT NULL`,
      [user.id],
    );
    expect((await refresh(first)).status).toBe(401);
    expect((await refresh(second)).status).toBe(401);
  });

  it('a token superseded by a retry is spent: presented after the grace it revokes the family', async () => {
    const user = await createUser({ password: PASSWORD });
    const first = refreshCookie(await signIn(user.email, PASSWORD));
    const superseded = refreshCookie(await refresh(first));
    const current = refreshCookie(await refresh(first)); // retry within the grace supersedes `superseded`
    await getPool().query(
      `UPDATE refresh_tokens SET revoked_at = revoked_at - interval '21 seconds', rotated_at = rotated_at - interval '21 seconds' WHERE user_id = $1 AND (revoked_at IS NOT NULL OR rotated_at IS NOT NULL)`,
      [user.id],
    );
    expect((await refresh(superseded)).status).toBe(401);
    expect((await refresh(current)).status).toBe(401);
  });

  it('a refresh without the cookie or with an unknown token gets 401', async () => {
    expect((await refresh(undefined)).status).toBe(401);
    expect((await refresh('made-up-token')).status).toBe(401);
  });
});

describe('sign-out (POST /api/auth/logout)', () => {
  it('scope=global revokes every session of the user and clears the cookie', async () => {
    const user = await createUser({ password: PASSWORD });
    const laptop = await signIn(user.email, PASSWORD);
    const phone = await signIn(user.email, PASSWORD);
    const laptopToken = ((await laptop.json()) as { access_token: string }).access_token;
    const res = await logout('global', {
      authorization: `Bearer ${laptopToken}`,
      cookie: `portal_rt=${refreshCookie(laptop)}`,
    });
    expect(res.status).toBe(204);
    expect(res.headers.get('set-cookie')).toMatch(/portal_rt=;/);
    expect((await refresh(refreshCookie(laptop))).status).toBe(401);
    expect((await refresh(refreshCookie(phone))).status).toBe(401);
  });

  it('scope=local ends only this session', async () => {
    const user = await createUser({ password: PASSWORD });
    const laptop = await signIn(user.email, PASSWORD);
    const phone = await signIn(user.email, PASSWORD);
    expect((await logout('local', { cookie: `portal_rt=${refreshCookie(laptop)}` })).status).toBe(204);
    expect((await refresh(refreshCookie(laptop))).status).toBe(401);
    expect((await refresh(refreshCookie(phone))).status).toBe(200);
  });

  it('signing out without a session is harmless (204)', async () => {
    const user = await createUser();
    expect((await logout('global', {})).status).toBe(204);
    expect((await logout('global', await bearer(user.id))).status).toBe(204);
  });
});
