import { beforeEach, describe, expect, it } from 'vitest';
import { getPool } from '../../../platform/db/pool.js';
import { readOutbox } from '../../../platform/outbound/index.js';
import { createTestApp, tableCounts } from '../../../../test/helpers.js';

const app = createTestApp(['auth', 'wallet']);
const json = { 'content-type': 'application/json' };
// Every request of app.request() comes from the same address; the per-address sign-up limit is
// exercised by its own test, so other tests start with that counter at zero.
beforeEach(async () => {
  await getPool().query(
    `DELETE FROM rate_limit_buckets WHERE key LIKE 'sign-up:ip:%' OR key LIKE 'otp-send:ip:%' OR key LIKE 'otp-verify:ip:%'`,
  );
});
let n = 0;
const newEmail = () => `signup${++n}-${Date.now()}@example.test`;
const signUp = (body: Record<string, unknown>) =>
  app.request('/api/auth/signup', { method: 'POST', headers: json, body: JSON.stringify(body) });
const signIn = (email: string, password: string) =>
  app.request('/api/auth/token?grant_type=password', {
    method: 'POST',
    headers: json,
    body: JSON.stringify({ email, password }),
  });
const PASSWORD = 'Velvet-lantern-93';

async function confirmationLink(email: string) {
  const mail = (await readOutbox({ recipient: email, channel: 'email' }))[0];
  expect(mail?.subject).toBe('Confirm your Portal account');
  return mail!.body.match(/https?:\/\/\S+\/api\/auth\/confirm\?token=[\w-]+/)![0];
}

describe('sign-up (POST /api/auth/signup, docs/product.md "Sign-in and sessions")', () => {
  it('creates the user and profile, mails a confirmation link; confirming marks the e-mail and redirects to /auth with a notice', async () => {
    const email = newEmail();
    const res = await signUp({ email, password: PASSWORD, data: { full_name: 'Nora New' } });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ email, confirmation_sent: true, phone_otp_sent: false });
    const { rows } = await getPool().query(
      'SELECT u.email_confirmed_at, p.full_name FROM users u JOIN profiles p ON p.id = u.id WHERE u.email = $1',
      [email],
    );
    expect(rows[0]).toEqual({ email_confirmed_at: null, full_name: 'Nora New' });

    const link = new URL(await confirmationLink(email));
    const confirm = await app.request(link.pathname + link.search);
    expect(confirm.status).toBe(302);
    expect(confirm.headers.get('location')).toBe('/auth?confirmed=1');
    const after = await getPool().query('SELECT email_confirmed_at FROM users WHERE email = $1', [email]);
    expect(after.rows[0].email_confirmed_at).toBeInstanceOf(Date);
    // single use
    expect((await app.request(link.pathname + link.search)).headers.get('location')).toMatch(/^\/auth\?confirm_error=/);
    expect((await signIn(email, PASSWORD)).status).toBe(200);
  });

  it('refuses weak passwords with their reasons: shorter than 8 characters, or a commonly used password', async () => {
    const before = await tableCounts(['users', 'outbox_messages']);
    const short = await signUp({ email: newEmail(), password: 'x7#Kq', data: { full_name: 'Weak One' } });
    expect(short.status).toBe(400);
    const shortBody = (await short.json()) as {
      error: string;
      details: { fields: { password: string }; weak_password: { reasons: string[] } };
    };
    expect(shortBody.details.weak_password.reasons).toEqual(['length']);
    expect(shortBody.details.fields.password).toMatch(/at least 8 characters/);

    const common = await signUp({ email: newEmail(), password: 'password1', data: { full_name: 'Weak Two' } });
    expect(common.status).toBe(400);
    expect(await common.json()).toMatchObject({
      code: 'VALIDATION',
      details: { weak_password: { reasons: ['pwned'] } },
    });

    const both = await signUp({ email: newEmail(), password: 'qwerty', data: { full_name: 'Weak Three' } });
    expect(
      ((await both.json()) as { details: { weak_password: { reasons: string[] } } }).details.weak_password.reasons,
    ).toEqual(['length', 'pwned']);
    // no composition rules: a long lower-case passphrase is fine
    expect(
      (await signUp({ email: newEmail(), password: 'correct horse battery staple', data: { full_name: 'Phrase' } }))
        .status,
    ).toBe(200);
    expect((await tableCounts(['users'])).users).toBe(before.users! + 1);
  });

  it('bad input gets 400 naming the fields', async () => {
    const res = await signUp({ email: 'nope', password: PASSWORD, data: { full_name: ' ' }, phone: '12345' });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({
      details: {
        fields: {
          email: expect.any(String),
          'data.full_name': expect.any(String),
          phone: expect.stringMatching(/country code/),
        },
      },
    });
  });

  it('an e-mail that already has an account gets the same answer and no second account; its owner is told by mail', async () => {
    const email = newEmail();
    await signUp({ email, password: PASSWORD, data: { full_name: 'First' } });
    const again = await signUp({
      email: email.toUpperCase(),
      password: 'Another-pass-77',
      data: { full_name: 'Second' },
    });
    expect(again.status).toBe(200);
    expect(await again.json()).toEqual({ email, confirmation_sent: true, phone_otp_sent: false });
    expect((await getPool().query('SELECT count(*)::int AS n FROM users WHERE email = $1', [email])).rows[0].n).toBe(1);
    expect((await readOutbox({ recipient: email }))[0]!.subject).toBe(
      'Someone tried to sign up with your e-mail address',
    );
  });

  it('an unconfirmed account may sign in during its first 48 hours; after 48 hours it cannot (403), not even by refreshing', async () => {
    const email = newEmail();
    await signUp({ email, password: PASSWORD, data: { full_name: 'Late Larry' } });
    const early = await signIn(email, PASSWORD);
    expect(early.status).toBe(200);
    const cookie = early.headers.get('set-cookie')!.match(/portal_rt=([^;]*)/)![1];

    await getPool().query(`UPDATE users SET created_at = now() - interval '48 hours 1 minute' WHERE email = $1`, [
      email,
    ]);
    const late = await signIn(email, PASSWORD);
    expect(late.status).toBe(403);
    expect(await late.json()).toMatchObject({
      code: 'FORBIDDEN',
      error: expect.stringMatching(/^Email not confirmed/),
    });
    const refresh = await app.request('/api/auth/token?grant_type=refresh_token', {
      method: 'POST',
      headers: { cookie: `portal_rt=${cookie}` },
    });
    expect(refresh.status).toBe(403);
    // a wrong password still reads as invalid credentials (nothing revealed about the account)
    expect((await signIn(email, 'Wrong-password-00')).status).toBe(401);
    // the link expired with the window
    await getPool().query(
      `UPDATE email_confirmations SET expires_at = now() - interval '1 minute' WHERE user_id = (SELECT id FROM users WHERE email = $1)`,
      [email],
    );
    const link = new URL(await confirmationLink(email));
    expect((await app.request(link.pathname + link.search)).headers.get('location')).toMatch(/confirm_error/);

    // a new link (POST /resend) confirms the e-mail and enables the account again
    const resend = await app.request('/api/auth/resend', {
      method: 'POST',
      headers: json,
      body: JSON.stringify({ type: 'signup', email }),
    });
    expect(await resend.json()).toEqual({ sent: true });
    const fresh = new URL(await confirmationLink(email));
    expect(fresh.search).not.toBe(link.search);
    expect((await app.request(fresh.pathname + fresh.search)).headers.get('location')).toBe('/auth?confirmed=1');
    expect((await signIn(email, PASSWORD)).status).toBe(200);
    // the same answer, and no mail, for an e-mail without an unconfirmed account
    const unknown = await app.request('/api/auth/resend', {
      method: 'POST',
      headers: json,
      body: JSON.stringify({ type: 'signup', email: 'nobody-here@example.test' }),
    });
    expect(await unknown.json()).toEqual({ sent: true });
    expect(await readOutbox({ recipient: 'nobody-here@example.test' })).toEqual([]);
  });

  it('rate limits sign-up per e-mail: the 4th attempt within the hour gets 429 with a clear message', async () => {
    const email = newEmail();
    for (let i = 0; i < 3; i++)
      expect((await signUp({ email, password: PASSWORD, data: { full_name: 'Spam' } })).status).toBe(200);
    const limited = await signUp({ email, password: PASSWORD, data: { full_name: 'Spam' } });
    expect(limited.status).toBe(429);
    expect(await limited.json()).toMatchObject({
      code: 'RATE_LIMITED',
      error: expect.stringMatching(/^Too many sign-up attempts\. Please try again in \d+ minutes?\.$/),
    });
  });

  it('rate limits sign-up per address: the N+1th sign-up from one address within the hour gets 429 (N = AUTH_SIGN_UP_LIMIT_PER_IP, default 30)', async () => {
    process.env.AUTH_SIGN_UP_LIMIT_PER_IP = '5';
    try {
      for (let i = 0; i < 5; i++)
        expect((await signUp({ email: newEmail(), password: PASSWORD, data: { full_name: 'Bot' } })).status).toBe(200);
      const limited = await signUp({ email: newEmail(), password: PASSWORD, data: { full_name: 'Bot' } });
      expect(limited.status).toBe(429);
      expect(limited.headers.get('retry-after')).toMatch(/^\d+$/);
    } finally {
      delete process.env.AUTH_SIGN_UP_LIMIT_PER_IP;
    }
  });
});
