import { describe, expect, it } from 'vitest';
import { getPool } from '../../../platform/db/pool.js';
import { readOutbox } from '../../../platform/outbound/index.js';
import { createTestApp, createUser, tableCounts } from '../../../../test/helpers.js';

// "Forgot password" (docs/product.md "Sign-in and sessions" session event "password recovery"): a mailed single-use link
// that expires after 1 hour, a new password under the sign-up policy, every session signed out, a
// notice mail; the same answer whether or not the e-mail has an account; rate limited like sign-in.
const app = createTestApp(['auth', 'wallet']);
const OLD = 'Correct-horse-42';
const NEW = 'Battery-staple-77';
const json = { 'content-type': 'application/json' };
const post = (path: string, body: unknown) =>
  app.request(`/api/auth/${path}`, { method: 'POST', headers: json, body: JSON.stringify(body) });
const signIn = (email: string, password: string) => post('token?grant_type=password', { email, password });

async function session(email: string) {
  const res = await signIn(email, OLD);
  expect(res.status).toBe(200);
  const body = (await res.json()) as { access_token: string };
  return {
    headers: { authorization: `Bearer ${body.access_token}` },
    cookie: res.headers.get('set-cookie')!.match(/portal_rt=([^;]*)/)![1]!,
  };
}

/** Asks for a link and returns its token, read from the mail as a person would. */
async function mailedToken(email: string): Promise<string> {
  expect((await post('recover', { email })).status).toBe(200);
  const mail = (await readOutbox({ recipient: email, channel: 'email' }))[0]!;
  expect(mail.subject).toBe('Reset your Portal password');
  const token = mail.body.match(/\/reset-password#token=([\w.-]+)/)?.[1];
  expect(token).toBeTruthy();
  return token!;
}

describe('forgot password: POST /api/auth/recover -> mailed link -> POST /api/auth/recover/reset', () => {
  it('sets the new password, signs every session out, mails a notice and audits; the old password stops working', async () => {
    const user = await createUser({ password: OLD });
    const laptop = await session(user.email);
    expect((await app.request('/api/wallet/dashboard', { headers: laptop.headers })).status).toBe(200);
    const token = await mailedToken(user.email);
    expect(await (await post('recover/check', { token })).json()).toEqual({ valid: true });

    const res = await post('recover/reset', { token, password: NEW });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ email: user.email });

    expect((await signIn(user.email, OLD)).status).toBe(401);
    expect((await signIn(user.email, NEW)).status).toBe(200);
    // the session that was open elsewhere: its access token and its refresh token both stop at once
    const dash = await app.request('/api/wallet/dashboard', { headers: laptop.headers });
    expect(dash.status).toBe(401);
    expect(
      (
        await app.request('/api/auth/token?grant_type=refresh_token', {
          method: 'POST',
          headers: { cookie: `portal_rt=${laptop.cookie}` },
        })
      ).status,
    ).toBe(401);

    const notice = (await readOutbox({ recipient: user.email }))[0]!;
    expect(notice.subject).toBe('Your Portal password was changed');
    const audit = await getPool().query('SELECT action, data FROM audit_log WHERE subject = $1', [`user:${user.id}`]);
    expect(audit.rows).toEqual([{ action: 'auth.password_reset', data: { sessions_signed_out: 1 } }]);
  });

  it('a link works once: the second use gets 400 naming the token and changes nothing', async () => {
    const user = await createUser({ password: OLD });
    const token = await mailedToken(user.email);
    expect((await post('recover/reset', { token, password: NEW })).status).toBe(200);
    const again = await post('recover/reset', { token, password: 'Another-pass-99' });
    expect(again.status).toBe(400);
    expect(await again.json()).toMatchObject({
      code: 'VALIDATION',
      details: {
        fields: { token: 'This password reset link is invalid, has expired or was already used. Request a new one.' },
      },
    });
    expect(await (await post('recover/check', { token })).json()).toEqual({ valid: false });
    expect((await signIn(user.email, NEW)).status).toBe(200);
  });

  it('two submissions of one link at the same time: exactly one succeeds', async () => {
    const user = await createUser({ password: OLD });
    const token = await mailedToken(user.email);
    const results = await Promise.all([
      post('recover/reset', { token, password: NEW }),
      post('recover/reset', { token, password: 'Another-pass-99' }),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 400]);
    const audits = await getPool().query(
      `SELECT count(*)::int AS n FROM audit_log WHERE action = 'auth.password_reset' AND subject = $1`,
      [`user:${user.id}`],
    );
    expect(audits.rows[0].n).toBe(1);
  });

  it('a link expires after 1 hour', async () => {
    const user = await createUser({ password: OLD });
    const token = await mailedToken(user.email);
    const { rows } = await getPool().query<{ ttl: number }>(
      `SELECT extract(epoch FROM expires_at - created_at)::int AS ttl FROM password_resets WHERE user_id = $1`,
      [user.id],
    );
    expect(rows[0]!.ttl).toBe(3600);
    await getPool().query(
      `UPDATE password_resets SET created_at = now() - interval '61 minutes', expires_at = now() - interval '1 minute' WHERE user_id = $1`,
      [user.id],
    );
    expect(await (await post('recover/check', { token })).json()).toEqual({ valid: false });
    expect((await post('recover/reset', { token, password: NEW })).status).toBe(400);
    expect((await signIn(user.email, OLD)).status).toBe(200);
  });

  it('the new password follows the sign-up policy; a weak one is refused without spending the link', async () => {
    const user = await createUser({ password: OLD });
    const token = await mailedToken(user.email);
    const weak = await post('recover/reset', { token, password: 'Xq7#vb' });
    expect(weak.status).toBe(400);
    expect(await weak.json()).toMatchObject({
      code: 'VALIDATION',
      details: {
        fields: { password: 'Password should be at least 8 characters.' },
        weak_password: { reasons: ['length'] },
      },
    });
    expect((await post('recover/reset', { token, password: 'qwertyuiop' })).status).toBe(400); // among the most common
    expect((await post('recover/reset', { token, password: NEW })).status).toBe(200);
  });

  it('a token with the right id but a wrong secret is refused and does not spend the link', async () => {
    const user = await createUser({ password: OLD });
    const token = await mailedToken(user.email);
    const [id] = token.split('.');
    const forged = await post('recover/reset', { token: `${id}.${'A'.repeat(43)}`, password: NEW });
    expect(forged.status).toBe(400);
    expect((await post('recover/reset', { token: 'not-a-token', password: NEW })).status).toBe(400);
    expect((await post('recover/reset', { token, password: NEW })).status).toBe(200);
  });

  it('a reset lifts the sign-in lockout of the account (10 wrong passwords) so the new password works at once', async () => {
    const user = await createUser({ password: OLD });
    for (let i = 0; i < 10; i++) await signIn(user.email, 'Wrong-password-1');
    expect((await signIn(user.email, OLD)).status).toBe(429);
    const token = await mailedToken(user.email);
    expect((await post('recover/reset', { token, password: NEW })).status).toBe(200);
    expect((await signIn(user.email, NEW)).status).toBe(200);
  });

  it('a newer link or a reset spends every older link of the account', async () => {
    const user = await createUser({ password: OLD });
    const first = await mailedToken(user.email);
    const second = await mailedToken(user.email);
    expect((await post('recover/reset', { token: second, password: NEW })).status).toBe(200);
    expect(await (await post('recover/check', { token: first })).json()).toEqual({ valid: false });
  });

  it('the same answer whether or not the e-mail has an account; no mail and no row for an unknown one', async () => {
    const user = await createUser({ password: OLD });
    const before = await tableCounts(['password_resets', 'outbox_messages']);
    const unknown = await post('recover', { email: 'nobody-at-all@example.test' });
    expect(unknown.status).toBe(200);
    expect(await tableCounts(['password_resets', 'outbox_messages'])).toEqual(before);
    const known = await post('recover', { email: user.email.toUpperCase() });
    expect(known.status).toBe(200);
    expect(await known.json()).toEqual(await unknown.json());
    expect(await readOutbox({ recipient: user.email })).toHaveLength(1);
  });

  it('a deleted (disabled) account gets no link', async () => {
    const user = await createUser({ password: OLD });
    await getPool().query('UPDATE users SET disabled_at = now() WHERE id = $1', [user.id]);
    expect((await post('recover', { email: user.email })).status).toBe(200);
    expect(await readOutbox({ recipient: user.email })).toEqual([]);
  });

  it('rate limited like sign-in: the 4th request for one e-mail within 15 minutes gets 429 with Retry-After', async () => {
    const user = await createUser({ password: OLD });
    for (let i = 0; i < 3; i++) expect((await post('recover', { email: user.email })).status).toBe(200);
    const limited = await post('recover', { email: user.email });
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toMatch(/^\d+$/);
    expect(await limited.json()).toMatchObject({
      code: 'RATE_LIMITED',
      error: expect.stringMatching(/^Too many password reset requests\. Please try again in \d+ minutes?\.$/),
    });
    expect(await readOutbox({ recipient: user.email })).toHaveLength(3);
  });

  it('rate limited per address with the sign-in limit (AUTH_SIGN_IN_LIMIT_PER_IP), whatever the e-mail', async () => {
    await getPool().query(`DELETE FROM rate_limit_buckets WHERE key LIKE 'recover:ip:%'`);
    process.env.AUTH_SIGN_IN_LIMIT_PER_IP = '4';
    try {
      for (let i = 0; i < 4; i++)
        expect((await post('recover', { email: `spray-${i}@example.test` })).status).toBe(200);
      expect((await post('recover', { email: 'spray-5@example.test' })).status).toBe(429);
    } finally {
      delete process.env.AUTH_SIGN_IN_LIMIT_PER_IP;
      await getPool().query(`DELETE FROM rate_limit_buckets WHERE key LIKE 'recover:ip:%'`);
    }
  });

  it('malformed bodies get 400 naming the field and change nothing', async () => {
    const before = await tableCounts(['password_resets', 'outbox_messages', 'rate_limit_buckets', 'audit_log']);
    const bad = await post('recover', { email: 'not-an-email' });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({
      code: 'VALIDATION',
      details: { fields: { email: 'Enter a valid e-mail address' } },
    });
    expect((await post('recover', { email: 'a@example.test', extra: 1 })).status).toBe(400);
    const noToken = await post('recover/reset', { password: NEW });
    expect(await noToken.json()).toMatchObject({ details: { fields: { token: expect.any(String) } } });
    expect((await post('recover/check', {})).status).toBe(400);
    expect(await tableCounts(['password_resets', 'outbox_messages', 'rate_limit_buckets', 'audit_log'])).toEqual(
      before,
    );
  });
});

describe('GET /api/auth/dev/outbox filters by `to` and refuses unknown parameters', () => {
  it("?to= returns only that recipient's messages (it used to be ignored and return everyone's)", async () => {
    const a = await createUser({ password: OLD });
    const b = await createUser({ password: OLD });
    await post('recover', { email: a.email });
    await post('recover', { email: b.email });
    const res = await app.request(`/api/auth/dev/outbox?to=${encodeURIComponent(a.email.toUpperCase())}`);
    expect(res.status).toBe(200);
    const { messages } = (await res.json()) as { messages: { recipient: string }[] };
    expect(messages.length).toBe(1);
    expect(messages.every((m) => m.recipient === a.email)).toBe(true);
    const old = (await (await app.request(`/api/auth/dev/outbox?recipient=${encodeURIComponent(a.email)}`)).json()) as {
      messages: unknown[];
    };
    expect(old.messages).toEqual(messages);
  });

  it('an unknown parameter gets 400 naming it; to and recipient that disagree get 400', async () => {
    const res = await app.request('/api/auth/dev/outbox?email=someone@example.test');
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({
      code: 'VALIDATION',
      details: { fields: { email: 'Unknown query parameter.' } },
    });
    const both = await app.request('/api/auth/dev/outbox?to=a@example.test&recipient=b@example.test');
    expect(both.status).toBe(400);
    expect(await both.json()).toMatchObject({ details: { fields: { to: expect.any(String) } } });
  });
});

describe('every route refuses unknown query parameters (platform/http/router.ts strictQuery)', () => {
  it('a route without a query schema and a route with one both answer 400 naming the parameter', async () => {
    const user = await createUser({ password: OLD });
    const { headers } = await session(user.email);
    const dash = await app.request('/api/wallet/dashboard?page=2', { headers });
    expect(dash.status).toBe(400);
    expect(await dash.json()).toMatchObject({
      code: 'VALIDATION',
      details: { fields: { page: 'Unknown query parameter.' } },
    });
    const token = await app.request('/api/auth/token?grant_type=password&remember=1', {
      method: 'POST',
      headers: json,
      body: JSON.stringify({ email: user.email, password: OLD }),
    });
    expect(token.status).toBe(400);
    expect(await token.json()).toMatchObject({ details: { fields: { remember: 'Unknown query parameter.' } } });
  });

  it("the OAuth callback ('x-query': 'open') still takes the provider's own parameters", async () => {
    const res = await app.request('/api/auth/callback?code=x&state=y&scope=openid&authuser=0&prompt=none');
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toMatch(/^\/auth\?error=/);
  });
});
