import { describe, expect, it } from 'vitest';
import { getPool } from '../../../platform/db/pool.js';
import { readOutbox } from '../../../platform/outbound/index.js';
import { createTestApp, createUser } from '../../../../test/helpers.js';
import { totpFor } from './totp.js';

const app = createTestApp(['auth', 'admin']);
const PASSWORD = 'Correct-horse-42';
const STEP_MS = 30_000;

const post = (path: string, body: unknown, headers: Record<string, string> = {}) =>
  app.request(path, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
const passwordSignIn = (email: string) => post('/api/auth/token?grant_type=password', { email, password: PASSWORD });

/** The authenticator app's code at `offsetMs` from now (a phone clock that is off). */
const codeAt = (secret: string, offsetMs = 0) => totpFor(secret).generate({ timestamp: Date.now() + offsetMs });

async function withAppCodes() {
  const user = await createUser({ password: PASSWORD });
  const res = await passwordSignIn(user.email);
  const headers = { authorization: `Bearer ${((await res.json()) as { access_token: string }).access_token}` };
  const setup = (await (await post('/api/auth/second-factor/totp', {}, headers)).json()) as {
    secret: string;
    otpauth_url: string;
    qr_svg: string;
  };
  expect(setup.otpauth_url).toMatch(/^otpauth:\/\/totp\/Portal:.+\?.*secret=/);
  expect(setup.qr_svg).toMatch(/^<svg/);
  // Confirmed with the previous step's code, so the current step is still unspent for the tests below.
  const enabled = await post('/api/auth/second-factor/totp/enable', { code: codeAt(setup.secret, -STEP_MS) }, headers);
  expect(enabled.status).toBe(200);
  const { recovery_codes } = (await enabled.json()) as { recovery_codes: string[] };
  return { user, headers, secret: setup.secret, recoveryCodes: recovery_codes };
}

async function ticketFor(email: string): Promise<string> {
  const res = await passwordSignIn(email);
  expect(res.status).toBe(403);
  return ((await res.json()) as { details: { second_factor: { ticket: string } } }).details.second_factor.ticket;
}

describe('authenticator-app codes (TOTP, RFC 6238)', () => {
  it('turning them on stores the secret sealed and ten recovery codes hashed; a password sign-in then needs a code', async () => {
    const { user, secret, recoveryCodes } = await withAppCodes();
    expect(recoveryCodes).toHaveLength(10);
    const stored = await getPool().query<{ secret: string }>('SELECT secret FROM totp_factors WHERE user_id = $1', [
      user.id,
    ]);
    expect(stored.rows[0]!.secret).not.toContain(secret);
    const hashes = await getPool().query<{ code_hash: string }>(
      'SELECT code_hash FROM recovery_codes WHERE user_id = $1',
      [user.id],
    );
    expect(hashes.rows).toHaveLength(10);
    expect(hashes.rows.map((r) => r.code_hash)).not.toContain(recoveryCodes[0]!.replace('-', ''));
    const ticket = await ticketFor(user.email);
    const res = await post('/api/auth/second-factor/sign-in', { ticket, code: codeAt(secret) });
    expect(res.status).toBe(200);
    expect(((await res.json()) as { user: { id: string } }).user.id).toBe(user.id);
    expect((await readOutbox({ recipient: user.email, channel: 'email' })).map((m) => m.subject)).toContain(
      'Two-step sign-in is on',
    );
  });

  it('accepts a phone clock one step (30 s) ahead, refuses one two steps behind', async () => {
    const { user, secret } = await withAppCodes();
    const ticket = await ticketFor(user.email);
    const behind = await post('/api/auth/second-factor/sign-in', { ticket, code: codeAt(secret, -2 * STEP_MS - 1000) });
    expect(behind.status).toBe(400);
    expect(((await behind.json()) as { error: string }).error).toBe(
      'That code is not right. Check your authenticator app and try again.',
    );
    expect((await post('/api/auth/second-factor/sign-in', { ticket, code: codeAt(secret, STEP_MS) })).status).toBe(200);
  });

  it('refuses the same code a second time (replay), and an earlier step once a later one was used', async () => {
    const { user, secret } = await withAppCodes();
    const code = codeAt(secret);
    expect((await post('/api/auth/second-factor/sign-in', { ticket: await ticketFor(user.email), code })).status).toBe(
      200,
    );
    const replay = await post('/api/auth/second-factor/sign-in', { ticket: await ticketFor(user.email), code });
    expect(replay.status).toBe(400);
    expect(((await replay.json()) as { error: string }).error).toBe(
      'That code was already used. Wait for the next code in your authenticator app.',
    );
    expect(
      (
        await post('/api/auth/second-factor/sign-in', {
          ticket: await ticketFor(user.email),
          code: codeAt(secret, STEP_MS),
        })
      ).status,
    ).toBe(200);
    expect(
      (await post('/api/auth/second-factor/sign-in', { ticket: await ticketFor(user.email), code: codeAt(secret, 0) }))
        .status,
    ).toBe(400);
  });

  it('locks the second step after 5 wrong codes (429), even for the right code', async () => {
    const { user, secret } = await withAppCodes();
    const ticket = await ticketFor(user.email);
    for (let i = 0; i < 5; i++)
      expect(
        (
          await post('/api/auth/second-factor/sign-in', {
            ticket,
            code: '000000' === codeAt(secret) ? '111111' : '000000',
          })
        ).status,
      ).toBe(400);
    expect((await post('/api/auth/second-factor/sign-in', { ticket, code: codeAt(secret) })).status).toBe(429);
  });

  it('refuses a forged ticket', async () => {
    const res = await post('/api/auth/second-factor/sign-in', { ticket: 'eyJhbGciOiJIUzI1NiJ9.e30.x', code: '123456' });
    expect(res.status).toBe(401);
  });
});

describe('recovery codes', () => {
  it('each works once, is mailed about, and is gone from the count', async () => {
    const { user, recoveryCodes } = await withAppCodes();
    const code = recoveryCodes[3]!;
    expect((await post('/api/auth/second-factor/sign-in', { ticket: await ticketFor(user.email), code })).status).toBe(
      200,
    );
    const again = await post('/api/auth/second-factor/sign-in', { ticket: await ticketFor(user.email), code });
    expect(again.status).toBe(400);
    expect((await readOutbox({ recipient: user.email, channel: 'email' })).map((m) => m.subject)).toContain(
      'A recovery code was used on your Portal account',
    );
    const used = await getPool().query(
      'SELECT count(*)::int AS n FROM recovery_codes WHERE user_id = $1 AND used_at IS NOT NULL',
      [user.id],
    );
    expect(used.rows[0].n).toBe(1);
  });
});

describe('turning the second factor off', () => {
  it('needs a fresh check: refused 5 minutes after sign-in, allowed after a step-up code; sign-in then needs the password only', async () => {
    const { user, headers, secret } = await withAppCodes();
    await getPool().query(
      `UPDATE session_second_factors SET verified_at = now() - interval '6 minutes' WHERE user_id = $1`,
      [user.id],
    );
    const refused = await app.request('/api/auth/second-factor/totp', { method: 'DELETE', headers });
    expect(refused.status).toBe(403);
    expect((await getPool().query('SELECT 1 FROM totp_factors WHERE user_id = $1', [user.id])).rows).toHaveLength(1);
    expect((await post('/api/auth/step-up', { code: codeAt(secret) }, headers)).status).toBe(200);
    expect((await app.request('/api/auth/second-factor/totp', { method: 'DELETE', headers })).status).toBe(204);
    expect((await passwordSignIn(user.email)).status).toBe(200);
  });
});

describe('admin second factor by authenticator app', () => {
  it('an admin signed in with password + app code may use /api/admin; with the password alone may not', async () => {
    const admin = await createUser({ password: PASSWORD, admin: true });
    const res = await passwordSignIn(admin.email);
    const headers = { authorization: `Bearer ${((await res.json()) as { access_token: string }).access_token}` };
    expect((await app.request('/api/admin/users', { headers })).status).toBe(403);
    const setup = (await (await post('/api/auth/second-factor/totp', {}, headers)).json()) as { secret: string };
    expect(
      (await post('/api/auth/second-factor/totp/enable', { code: codeAt(setup.secret, -STEP_MS) }, headers)).status,
    ).toBe(200);
    const signedIn = await post('/api/auth/second-factor/sign-in', {
      ticket: await ticketFor(admin.email),
      code: codeAt(setup.secret),
    });
    const token = ((await signedIn.json()) as { access_token: string }).access_token;
    expect((await app.request('/api/admin/users', { headers: { authorization: `Bearer ${token}` } })).status).toBe(200);
  });
});
