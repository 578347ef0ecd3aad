import { describe, expect, it } from 'vitest';
import { getPool } from '../../../platform/db/pool.js';
import { readOutbox } from '../../../platform/outbound/index.js';
import { setPin } from '../../../platform/pin/index.js';
import { bearer, createTestApp, createUser, tableCounts } from '../../../../test/helpers.js';

// Forgot PIN (docs/product.md "Public pages": "PIN reset needs identity verification"): signed in + account
// password + a code mailed to the account's e-mail -> a new PIN, the PIN lock lifted, audited.
const app = createTestApp(['profile', 'wallet']);
const PASSWORD = 'Correct-horse-42';

async function pinUser() {
  const user = await createUser({ password: PASSWORD });
  await setPin(user.id, '1234');
  return { ...user, headers: { ...(await bearer(user.id)), 'content-type': 'application/json' } };
}
type PinUser = Awaited<ReturnType<typeof pinUser>>;
const requestCode = (u: PinUser) => app.request('/api/profile/pin-reset/code', { method: 'POST', headers: u.headers });
const reset = (u: PinUser, body: Record<string, unknown>) =>
  app.request('/api/profile/pin-reset', { method: 'POST', headers: u.headers, body: JSON.stringify(body) });
const verifyPin = (u: PinUser, pin: string) =>
  app.request('/api/wallet/pin', {
    method: 'POST',
    headers: u.headers,
    body: JSON.stringify({ action: 'verify_pin', pin }),
  });

/** Asks for a code and reads it from the mail, as the person would. */
async function mailedCode(u: PinUser): Promise<string> {
  const res = await requestCode(u);
  expect(res.status).toBe(200);
  expect(await res.json()).toEqual({ sent: true, expires_in: 600, email: u.email });
  const mail = (await readOutbox({ recipient: u.email, channel: 'email' }))[0]!;
  expect(mail.subject).toBe('Your Portal PIN reset code');
  return mail.body.match(/\b(\d{6})\b/)![1]!;
}

async function lockPin(u: PinUser) {
  for (let i = 0; i < 5; i++) await verifyPin(u, '0000');
  expect((await verifyPin(u, '1234')).status).toBe(423);
}

describe('forgot PIN: POST /api/profile/pin-reset/code, then POST /api/profile/pin-reset', () => {
  it('with the password and the mailed code: the new PIN works, the old does not, the lock is lifted, audited, owner told', async () => {
    const u = await pinUser();
    await lockPin(u);
    const code = await mailedCode(u);
    const res = await reset(u, { password: PASSWORD, code, pin: '8642' });
    expect(res.status).toBe(204);
    expect((await verifyPin(u, '8642')).status).toBe(200);
    expect((await verifyPin(u, '1234')).status).toBe(403);
    const { rows } = await getPool().query(
      'SELECT action, actor_id, before, after, data FROM audit_log WHERE subject = $1',
      [`user:${u.id}`],
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      action: 'account.pin_reset',
      actor_id: u.id,
      before: { pin_locked_until: expect.any(String) },
      after: { pin_locked_until: null, pin_failed_attempts: 0 },
      data: { proof: ['session', 'password', 'email_code'] },
    });
    expect((await readOutbox({ recipient: u.email }))[0]!.subject).toBe('Your Portal transaction PIN was reset');
  });

  it('a code works once', async () => {
    const u = await pinUser();
    const code = await mailedCode(u);
    expect((await reset(u, { password: PASSWORD, code, pin: '8642' })).status).toBe(204);
    const again = await reset(u, { password: PASSWORD, code, pin: '1357' });
    expect(again.status).toBe(400);
    expect(await again.json()).toMatchObject({
      code: 'VALIDATION',
      details: { fields: { code: 'This code has expired or was already used. Request a new one.' } },
    });
    expect((await verifyPin(u, '8642')).status).toBe(200);
  });

  it('two resets with the same code at the same time: exactly one succeeds, one audit entry', async () => {
    const u = await pinUser();
    const code = await mailedCode(u);
    const results = await Promise.all([
      reset(u, { password: PASSWORD, code, pin: '8642' }),
      reset(u, { password: PASSWORD, code, pin: '1357' }),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual([204, 400]);
    const { rows } = await getPool().query(
      `SELECT count(*)::int AS n FROM audit_log WHERE action = 'account.pin_reset' AND subject = $1`,
      [`user:${u.id}`],
    );
    expect(rows[0].n).toBe(1);
    const winner = results[0]!.status === 204 ? '8642' : '1357';
    expect((await verifyPin(u, winner)).status).toBe(200);
  });

  it('a code expires after 10 minutes', async () => {
    const u = await pinUser();
    const code = await mailedCode(u);
    await getPool().query(
      `UPDATE pin_reset_codes SET created_at = now() - interval '11 minutes', expires_at = now() - interval '1 minute' WHERE user_id = $1`,
      [u.id],
    );
    expect((await reset(u, { password: PASSWORD, code, pin: '8642' })).status).toBe(400);
    expect((await verifyPin(u, '1234')).status).toBe(200);
  });

  it('a wrong password is refused before the code is looked at; nothing changes', async () => {
    const u = await pinUser();
    const code = await mailedCode(u);
    const res = await reset(u, { password: 'Wrong-password-1', code, pin: '8642' });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ details: { fields: { password: 'The password is incorrect.' } } });
    expect((await verifyPin(u, '1234')).status).toBe(200);
    expect((await reset(u, { password: PASSWORD, code, pin: '8642' })).status).toBe(204); // the code was not spent
  });

  it('a wrong code is counted (attempts_left); the 5th wrong one spends it, so even the right code then fails', async () => {
    const u = await pinUser();
    const code = await mailedCode(u);
    const wrong = code === '000000' ? '000001' : '000000';
    for (let i = 4; i >= 1; i--) {
      const res = await reset(u, { password: PASSWORD, code: wrong, pin: '8642' });
      expect(res.status).toBe(400);
      expect(await res.json()).toMatchObject({
        error: 'The code is incorrect.',
        details: { fields: { code: 'The code is incorrect.' }, attempts_left: i },
      });
    }
    expect(await (await reset(u, { password: PASSWORD, code: wrong, pin: '8642' })).json()).toMatchObject({
      details: { attempts_left: 0 },
    });
    await getPool().query(`DELETE FROM rate_limit_buckets WHERE key = $1`, [`pin-reset:${u.id}`]); // past the password-try window
    expect((await reset(u, { password: PASSWORD, code, pin: '8642' })).status).toBe(400);
    expect((await verifyPin(u, '1234')).status).toBe(200);
  });

  it('only the newest code is valid', async () => {
    const u = await pinUser();
    const first = await mailedCode(u);
    await getPool().query(`DELETE FROM rate_limit_buckets WHERE key = $1`, [`pin-reset-code:min:${u.id}`]); // a minute later
    const second = await mailedCode(u);
    if (first !== second) expect((await reset(u, { password: PASSWORD, code: first, pin: '8642' })).status).toBe(400);
    expect((await reset(u, { password: PASSWORD, code: second, pin: '8642' })).status).toBe(204);
  });

  it('codes are rate limited: one a minute (429 with Retry-After), 5 an hour', async () => {
    const u = await pinUser();
    await mailedCode(u);
    const soon = await requestCode(u);
    expect(soon.status).toBe(429);
    expect(soon.headers.get('retry-after')).toMatch(/^\d+$/);
    expect(await soon.json()).toMatchObject({
      code: 'RATE_LIMITED',
      error: expect.stringMatching(/^Please wait \d+ seconds before requesting a new code\.$/),
    });
    for (let i = 0; i < 4; i++) {
      await getPool().query(`DELETE FROM rate_limit_buckets WHERE key = $1`, [`pin-reset-code:min:${u.id}`]);
      expect((await requestCode(u)).status).toBe(200);
    }
    await getPool().query(`DELETE FROM rate_limit_buckets WHERE key = $1`, [`pin-reset-code:min:${u.id}`]);
    expect(await (await requestCode(u)).json()).toMatchObject({
      code: 'RATE_LIMITED',
      error: expect.stringMatching(/^Too many codes requested/),
    });
  });

  it('password tries are limited: the 6th attempt within 15 minutes gets 429', async () => {
    const u = await pinUser();
    for (let i = 0; i < 5; i++)
      expect((await reset(u, { password: 'Wrong-password-1', code: '123456', pin: '8642' })).status).toBe(400);
    expect((await reset(u, { password: PASSWORD, code: '123456', pin: '8642' })).status).toBe(429);
  });

  it('without a PIN there is nothing to reset: 409, no code mailed', async () => {
    const user = await createUser({ password: PASSWORD });
    const res = await app.request('/api/profile/pin-reset/code', { method: 'POST', headers: await bearer(user.id) });
    expect(res.status).toBe(409);
    expect(await readOutbox({ recipient: user.email })).toEqual([]);
  });

  it('signed out: 401; malformed bodies: 400 naming the field, nothing changed', async () => {
    expect((await app.request('/api/profile/pin-reset/code', { method: 'POST' })).status).toBe(401);
    expect(
      (
        await app.request('/api/profile/pin-reset', {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: '{}',
        })
      ).status,
    ).toBe(401);
    const u = await pinUser();
    const code = await mailedCode(u);
    const before = await tableCounts(['pin_reset_codes', 'audit_log', 'outbox_messages']);
    const badPin = await reset(u, { password: PASSWORD, code, pin: '12a4' });
    expect(await badPin.json()).toMatchObject({
      code: 'VALIDATION',
      details: { fields: { pin: 'PINs must be 4 digits.' } },
    });
    expect(await (await reset(u, { password: PASSWORD, code: '12', pin: '8642' })).json()).toMatchObject({
      details: { fields: { code: 'The code has 6 digits.' } },
    });
    expect(await (await reset(u, { code, pin: '8642' })).json()).toMatchObject({
      details: { fields: { password: expect.any(String) } },
    });
    expect((await reset(u, { password: PASSWORD, code, pin: '8642', user_id: 'someone-else' })).status).toBe(400);
    expect(await tableCounts(['pin_reset_codes', 'audit_log', 'outbox_messages'])).toEqual(before);
    expect((await verifyPin(u, '1234')).status).toBe(200);
  });

  it("another user's code does not reset my PIN", async () => {
    const me = await pinUser();
    const other = await pinUser();
    const othersCode = await mailedCode(other);
    await mailedCode(me);
    const res = await reset(me, { password: PASSWORD, code: othersCode, pin: '8642' });
    // a code is bound to its account (HMAC over the user id): it can only match by a 1-in-a-million chance
    expect(res.status).toBe(400);
    expect((await verifyPin(me, '1234')).status).toBe(200);
  });
});
