import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { TOTP_PERIOD_MS, nextStep, signInWithSecondFactor, totpCode } from './second-factor.mjs';

// the secrets these tests turn on go to a file of their own, not the machine's shared one
const factorsFile = vi.hoisted(() => {
  process.env.PORTAL_SECOND_FACTORS = `${process.env.TMPDIR ?? '/tmp'}/second-factor-test-${process.pid}.json`;
  return process.env.PORTAL_SECOND_FACTORS;
});

describe('Authenticator codes (RFC 6238, SHA-1, 6 digits)', () => {
  // the RFC 6238 appendix B vectors for the SHA-1 key "12345678901234567890", last 6 digits
  const secret = 'GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ';
  it.each([
    [59, '287082'],
    [1111111109, '081804'],
    [1111111111, '050471'],
    [1234567890, '005924'],
    [2000000000, '279037'],
    [20000000000, '353130'],
  ])('at %i s the code is %s', (seconds, code) => {
    expect(totpCode(secret, Math.floor(seconds / 30))).toBe(code);
  });
});

describe('Choosing the step of the next code (the API refuses a step it accepted before)', () => {
  const now = 1000 * TOTP_PERIOD_MS + 10_000;
  it('uses the current step when none was used yet, or the last one used is older', () => {
    expect(nextStep(undefined, now)).toEqual({ step: 1000, waitMs: 0 });
    expect(nextStep(998, now)).toEqual({ step: 1000, waitMs: 0 });
  });
  it('uses the next step at once when the current one is spent (the API accepts one step ahead)', () => {
    expect(nextStep(1000, now)).toEqual({ step: 1001, waitMs: 0 });
  });
  it('waits for the next step when the one ahead is spent too', () => {
    expect(nextStep(1001, now)).toEqual({ step: 1002, waitMs: 20_000 });
  });
});

/** A stand-in for the API's sign-in and second-factor routes, checking codes as api/src/modules/auth/second-factor/totp.ts does. */
function fakeApi() {
  const users = new Map([
    ['admin@portal.test', { id: 'u-admin', admin: true }],
    ['demo@portal.test', { id: 'u-demo', admin: false }],
  ]);
  const calls = [];
  const byId = (id) => [...users.values()].find((u) => u.id === id);
  const spend = (user, code) => {
    const current = Math.floor(Date.now() / TOTP_PERIOD_MS);
    const step = [current - 1, current, current + 1].find((s) => totpCode(user.secret, s) === code);
    if (step === undefined || step <= (user.lastStep ?? -1)) return false;
    user.lastStep = step;
    return true;
  };
  const session = (user, mfa) => ({ access_token: `${user.id}:${mfa}`, user: { id: user.id } });
  const server = http.createServer(async (req, res) => {
    let raw = '';
    for await (const chunk of req) raw += chunk;
    const body = raw ? JSON.parse(raw) : {};
    const caller = byId((req.headers.authorization ?? '').replace('Bearer ', '').split(':')[0]);
    const send = (status, value) =>
      res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(value));
    calls.push(req.url);
    switch (req.url) {
      case '/api/auth/token?grant_type=password': {
        const user = users.get(body.email);
        if (!user.enabled) return send(200, session(user, false));
        const ticket = `h.${Buffer.from(JSON.stringify({ sub: user.id })).toString('base64url')}.s`;
        return send(403, { code: 'SECOND_FACTOR_REQUIRED', details: { second_factor: { ticket } } });
      }
      case '/api/admin/me':
        return send(200, { is_admin: caller.admin });
      case '/api/auth/second-factor/totp':
        caller.secret = 'JBSWY3DPEHPK3PXP';
        return send(200, { secret: caller.secret });
      case '/api/auth/second-factor/totp/enable':
        if (!spend(caller, body.code)) return send(400, { code: 'VALIDATION_ERROR' });
        caller.enabled = true;
        return send(200, { recovery_codes: [] });
      case '/api/auth/second-factor/sign-in': {
        const user = byId(JSON.parse(Buffer.from(body.ticket.split('.')[1], 'base64url')).sub);
        return spend(user, body.code) ? send(200, session(user, true)) : send(400, { code: 'VALIDATION_ERROR' });
      }
      default:
        return send(404, {});
    }
  });
  return { server, calls, users };
}

describe('Signing a script in when admins need a second factor', () => {
  const api = fakeApi();
  let base;
  beforeAll(async () => {
    await new Promise((r) => api.server.listen(0, '127.0.0.1', r));
    base = `http://127.0.0.1:${api.server.address().port}`;
  });
  afterAll(() => {
    rmSync(factorsFile, { force: true });
    return new Promise((r) => api.server.close(r));
  });
  const signIn = async (email) =>
    (await (await signInWithSecondFactor(base, { email, password: 'Portal-demo-2026' })).json()).access_token;

  it('signs a user who is not an admin in with the password alone', async () => {
    expect(await signIn('demo@portal.test')).toBe('u-demo:false');
    expect(api.users.get('demo@portal.test').secret).toBeUndefined();
  });

  it('turns on app codes for an admin without a second factor, then signs in with a code', async () => {
    api.calls.length = 0;
    expect(await signIn('admin@portal.test')).toBe('u-admin:true');
    expect(api.users.get('admin@portal.test').enabled).toBe(true);
    expect(api.calls).toEqual([
      '/api/auth/token?grant_type=password',
      '/api/admin/me',
      '/api/auth/second-factor/totp',
      '/api/auth/second-factor/totp/enable',
      '/api/auth/token?grant_type=password',
      '/api/auth/second-factor/sign-in',
    ]);
  });

  it('signs the admin in again with an unused step instead of replaying one', async () => {
    expect(await signIn('admin@portal.test')).toBe('u-admin:true');
  }, 40_000);

  it('another process (a second bench against the same running portal) signs the admin in with the saved secret', async () => {
    vi.resetModules();
    const fresh = await import('./second-factor.mjs');
    const res = await fresh.signInWithSecondFactor(base, { email: 'admin@portal.test', password: 'Portal-demo-2026' });
    expect((await res.json()).access_token).toBe('u-admin:true');
  }, 70_000);

  it('a process without the file cannot answer for a factor it never saw', async () => {
    vi.resetModules();
    process.env.PORTAL_SECOND_FACTORS = path.join(mkdtempSync(path.join(os.tmpdir(), 'second-factor-')), 'none.json');
    const fresh = await import('./second-factor.mjs');
    await expect(
      fresh.signInWithSecondFactor(base, { email: 'admin@portal.test', password: 'Portal-demo-2026' }),
    ).rejects.toThrow('a second factor these scripts did not turn on is needed');
  });
});
