import { beforeEach, describe, expect, it } from 'vitest';
import { getPool } from '../../../platform/db/pool.js';
import { readOutbox } from '../../../platform/outbound/index.js';
import { createTestApp } from '../../../../test/helpers.js';
import { turnOnAppCodes } from '../../../../test/second-factor-fixtures.js';

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
const post = (path: string, body: unknown) =>
  app.request(`/api/auth/${path}`, { method: 'POST', headers: json, body: JSON.stringify(body) });
const verify = (phone: string, token: string) => post('verify', { phone, token, type: 'sms' });

/** A user who signed up with a phone: the sign-up texts the first code. */
async function userWithPhone() {
  n += 1;
  const phone = `+1555${String(Date.now()).slice(-5)}${n}`.slice(0, 13);
  const email = `phone${n}-${Date.now()}@example.test`;
  const res = await post('signup', {
    email,
    password: 'Velvet-lantern-93',
    data: { full_name: 'Phoebe Phone' },
    phone: phone.replace(/^(\+1)(\d{3})/, '$1 ($2) '),
  });
  expect(await res.json()).toMatchObject({ phone_otp_sent: true });
  return { phone, email };
}
const lastCode = async (phone: string) =>
  (await readOutbox({ recipient: phone, channel: 'sms' }))[0]!.body.match(/\b(\d{6})\b/)![1]!;
const wrong = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

describe('phone sign-in (POST /api/auth/otp, /api/auth/verify type sms)', () => {
  it('sign-up with a phone texts a 6-digit code; the right code signs in and confirms the phone; it works once', async () => {
    const { phone, email } = await userWithPhone();
    const code = await lastCode(phone);
    expect(code).toMatch(/^\d{6}$/);
    const stored = await getPool().query('SELECT code_hash FROM otp_codes WHERE phone = $1', [phone]);
    expect(stored.rows[0].code_hash).not.toContain(code); // hashed at rest
    const res = await verify(phone, code);
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ token_type: 'bearer', user: { email } });
    expect(res.headers.get('set-cookie')).toMatch(/portal_rt=/);
    expect(
      (await getPool().query('SELECT phone_confirmed_at FROM users WHERE phone = $1', [phone])).rows[0]
        .phone_confirmed_at,
    ).toBeInstanceOf(Date);
    expect((await verify(phone, code)).status).toBe(401);
  });

  it('an account with a second factor gets the second step, not a session: the code is spent, the ticket and an app code sign in', async () => {
    const { phone, email } = await userWithPhone();
    const { rows } = await getPool().query<{ id: string }>('SELECT id FROM users WHERE phone = $1', [phone]);
    const app2fa = await turnOnAppCodes(rows[0]!.id);
    const code = await lastCode(phone);
    const res = await verify(phone, code);
    expect(res.status).toBe(403);
    expect(res.headers.get('set-cookie') ?? '').not.toMatch(/portal_rt=/);
    const body = (await res.json()) as {
      code: string;
      details: { second_factor: { ticket: string; methods: string[] } };
    };
    expect(body.code).toBe('SECOND_FACTOR_REQUIRED');
    expect(body.details.second_factor.methods).toEqual(['totp', 'recovery_code']);
    expect((await verify(phone, code)).status).toBe(401); // the phone code does not give a second ticket
    const signedIn = await post('second-factor/sign-in', {
      ticket: body.details.second_factor.ticket,
      code: app2fa.code(),
    });
    expect(signedIn.status).toBe(200);
    expect(await signedIn.json()).toMatchObject({ user: { email } });
  });

  it('a wrong code is refused, and after 5 wrong tries even the right code is refused', async () => {
    const { phone } = await userWithPhone();
    const code = await lastCode(phone);
    const bad = await verify(phone, wrong(code));
    expect(bad.status).toBe(401);
    expect(await bad.json()).toMatchObject({
      code: 'UNAUTHENTICATED',
      error: 'Invalid OTP or session could not be created.',
    });
    for (let i = 0; i < 3; i++) expect((await verify(phone, wrong(code))).status).toBe(401);
    expect(await (await verify(phone, wrong(code))).json()).toMatchObject({
      error: 'Too many wrong codes. Request a new one.',
    });
    expect((await verify(phone, code)).status).toBe(401);
  });

  it('an expired code (older than 5 minutes) is refused', async () => {
    const { phone } = await userWithPhone();
    const code = await lastCode(phone);
    await getPool().query(`UPDATE otp_codes SET expires_at = now() - interval '1 second' WHERE phone = $1`, [phone]);
    const res = await verify(phone, code);
    expect(res.status).toBe(401);
    expect(await res.json()).toMatchObject({ error: 'This code has expired. Request a new one.' });
  });

  it('resend is throttled: a second code within a minute gets 429; later a new code replaces the old one', async () => {
    const { phone } = await userWithPhone();
    expect((await post('otp', { phone })).status).toBe(200); // right after sign-up: allowed
    const first = await lastCode(phone);
    const again = await post('otp', { phone });
    expect(again.status).toBe(429);
    expect(await again.json()).toMatchObject({
      code: 'RATE_LIMITED',
      error: expect.stringMatching(/^Please wait \d+ seconds before requesting a new code\.$/),
    });
    await getPool().query(`UPDATE rate_limit_buckets SET window_start = now() - interval '61 seconds' WHERE key = $1`, [
      `otp-send:phone-min:${phone}`,
    ]);
    expect((await post('otp', { phone })).status).toBe(200);
    const second = await lastCode(phone);
    expect(second).not.toBe(first);
    expect((await verify(phone, first)).status).toBe(401);
    expect((await verify(phone, second)).status).toBe(200);
  });

  it('an unknown phone gets the same answer but no SMS; bad input gets 400 with the field', async () => {
    const phone = '+447700900123';
    const res = await post('otp', { phone });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ sent: true, expires_in: 300 });
    expect(await readOutbox({ recipient: phone })).toEqual([]);
    expect(await (await post('otp', { phone: '5551234' })).json()).toMatchObject({
      details: { fields: { phone: expect.any(String) } },
    });
    expect(await (await post('verify', { phone, token: '12ab', type: 'email' })).json()).toMatchObject({
      details: { fields: { token: expect.any(String), type: expect.any(String) } },
    });
  });

  it('rate limits verification per phone: the 11th attempt within 15 minutes gets 429', async () => {
    const { phone } = await userWithPhone();
    for (let i = 0; i < 10; i++) expect((await verify(phone, '000000')).status).toBe(401);
    expect((await verify(phone, '000000')).status).toBe(429);
  });
});
