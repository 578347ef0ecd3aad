/**
 * Brute force (docs/architecture.md: PIN locked after 5 wrong tries; rate limits on login): 10,000 password
 * guesses and 10,000 PIN guesses against one account, counting how many were even evaluated.
 * The right secret is hidden among the guesses after the lock has engaged: it must be refused too.
 *
 * The PIN route is found in /api/openapi.json (contract: POST .../pin {action: 'verify_pin', pin});
 * the transfer route (POST /api/wallet/transfers {amount, recipientEmail, assetSymbol, description,
 * pin} + Idempotency-Key) is attacked the same way when it exists.
 */
import crypto from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../src/app.js';
import { getPool } from '../../src/platform/db/pool.js';
import { bearer, createUser, deposit } from '../helpers.js';
import { listOperations, loadOpenApi } from './openapi.js';

const app = createTestApp();
const doc = await loadOpenApi();
const ops = listOperations(doc);
const pinOp = ops.find((o) => o.method === 'POST' && /\/pin$/.test(o.path));
const transferOp = ops.find((o) => o.key === 'POST /api/wallet/transfers');
const GUESSES = 10_000;
const CONCURRENCY = 16;

/** Runs `count` requests with bounded concurrency; returns every response status and error code. */
async function flood(count: number, send: (i: number) => Response | Promise<Response>) {
  const results: { i: number; status: number; code?: string; retryAfter: string | null }[] = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      for (let i = next++; i < count; i = next++) {
        const res = await send(i);
        const body = (await res.json().catch(() => ({}))) as { code?: string };
        results.push({ i, status: res.status, code: body.code, retryAfter: res.headers.get('retry-after') });
      }
    }),
  );
  return results;
}

const tally = (rs: { status: number; code?: string }[]) =>
  rs.reduce<Record<string, number>>(
    (m, r) => ((m[`${r.status} ${r.code ?? ''}`.trim()] = (m[`${r.status} ${r.code ?? ''}`.trim()] ?? 0) + 1), m),
    {},
  );

describe('brute force is stopped by the lockout and the rate limits', () => {
  const prevTrust = process.env.TRUST_PROXY;
  beforeAll(() => {
    // Behind our proxy each guess may come from a different address (a botnet): the per-account
    // limit alone must stop them.
    process.env.TRUST_PROXY = '1';
    return () => {
      if (prevTrust === undefined) delete process.env.TRUST_PROXY;
      else process.env.TRUST_PROXY = prevTrust;
    };
  });

  it('10,000 password guesses from 10,000 addresses against one account: at most 10 are evaluated, the right password among them is refused', async () => {
    const password = 'Right-password-2026!';
    const victim = await createUser({ password });
    const rightAt = 5_000;
    const results = await flood(GUESSES, (i) =>
      app.request('/api/auth/token?grant_type=password', {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'x-forwarded-for': `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`,
        },
        body: JSON.stringify({
          email: i % 2 ? victim.email.toUpperCase() : victim.email,
          password: i === rightAt ? password : `guess-${i}`,
        }),
      }),
    );
    const evaluated = results.filter((r) => r.status === 401).length;
    const limited = results.filter((r) => r.status === 429);
    console.log(
      `password brute force: ${GUESSES} guesses, ${evaluated} evaluated, ${limited.length} refused unevaluated (${JSON.stringify(tally(results))})`,
    );
    expect(results.filter((r) => r.status === 200)).toEqual([]);
    expect(evaluated).toBeGreaterThan(0);
    expect(evaluated).toBeLessThanOrEqual(10);
    expect(limited.length).toBe(GUESSES - evaluated);
    for (const r of limited) {
      expect(r.code).toBe('RATE_LIMITED');
      expect(Number(r.retryAfter)).toBeGreaterThan(0);
    }
    expect(results.find((r) => r.i === rightAt)?.status).toBe(429);
    // still locked for the owner's right password right after the flood; no session was issued
    const again = await app.request('/api/auth/token?grant_type=password', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': '192.0.2.1' },
      body: JSON.stringify({ email: victim.email, password }),
    });
    expect(again.status).toBe(429);
    const { rows } = await getPool().query('SELECT count(*)::int AS n FROM refresh_tokens WHERE user_id = $1', [
      victim.id,
    ]);
    expect(rows[0].n).toBe(0);
  });

  it('password spraying from one address: at most 30 guesses evaluated across many accounts', async () => {
    const accounts = await Promise.all(Array.from({ length: 8 }, () => createUser()));
    const results = await flood(400, (i) =>
      app.request('/api/auth/token?grant_type=password', {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': '198.51.100.7' },
        body: JSON.stringify({ email: accounts[i % accounts.length]!.email, password: `spray-${i}` }),
      }),
    );
    const evaluated = results.filter((r) => r.status === 401).length;
    console.log(`password spraying: 400 guesses over 8 accounts from one address, ${evaluated} evaluated`);
    expect(evaluated).toBeLessThanOrEqual(30);
    expect(results.filter((r) => r.status === 429).length).toBe(400 - evaluated);
  });

  it.skipIf(!pinOp)(
    `10,000 PIN guesses (${pinOp?.key ?? 'PIN route not in /api/openapi.json yet'}): locked after 5 wrong, the right PIN is refused while locked`,
    async () => {
      const { setPin } = await import('../../src/platform/pin/index.js');
      const victim = await createUser();
      const pin = '4821';
      await setPin(victim.id, pin);
      const headers = { ...(await bearer(victim.id)), 'content-type': 'application/json' };
      // every PIN once, the right one late (after the lock engaged)
      const order = Array.from({ length: GUESSES }, (_, i) => String(i).padStart(4, '0')).filter((p) => p !== pin);
      order.splice(7_000, 0, pin);
      const results = await flood(GUESSES, (i) =>
        app.request(pinOp!.path, {
          method: 'POST',
          headers,
          body: JSON.stringify({ action: 'verify_pin', pin: order[i] }),
        }),
      );
      const ok = results.filter((r) => r.status >= 200 && r.status < 300);
      const wrong = results.filter((r) => r.code === 'PIN_INCORRECT');
      const locked = results.filter((r) => r.code === 'PIN_LOCKED');
      console.log(
        `PIN brute force: ${GUESSES} guesses, ${wrong.length + ok.length} evaluated (${JSON.stringify(tally(results))})`,
      );
      expect(ok).toEqual([]);
      expect(wrong.length).toBeLessThanOrEqual(5);
      expect(locked.length + wrong.length).toBe(GUESSES);
      expect(results.find((r) => r.i === 7_000)?.code).toBe('PIN_LOCKED');
      const retry = await app.request(pinOp!.path, {
        method: 'POST',
        headers,
        body: JSON.stringify({ action: 'verify_pin', pin }),
      });
      expect(retry.status).toBe(423);
    },
  );

  it.skipIf(!transferOp)(
    '10,000 transfers with guessed PINs move no money and stop being evaluated after 5',
    async () => {
      const { setPin } = await import('../../src/platform/pin/index.js');
      const victim = await createUser();
      const payee = await createUser();
      await deposit(victim.id, 'USD', '100000.00');
      await setPin(victim.id, '7391');
      const headers = { ...(await bearer(victim.id)), 'content-type': 'application/json' };
      const order = Array.from({ length: GUESSES }, (_, i) => String(i).padStart(4, '0')).filter((p) => p !== '7391');
      order.splice(6_000, 0, '7391');
      const balance = async () =>
        (
          await getPool().query(
            `SELECT w.balance::text AS b FROM user_wallets w JOIN assets a ON a.id = w.asset_id WHERE w.user_id = $1 AND a.symbol = 'USD'`,
            [victim.id],
          )
        ).rows[0]?.b;
      const before = await balance();
      const results = await flood(GUESSES, (i) =>
        app.request('/api/wallet/transfers', {
          method: 'POST',
          headers: { ...headers, 'idempotency-key': crypto.randomUUID() },
          body: JSON.stringify({
            amount: '1.00',
            recipientEmail: payee.email,
            assetSymbol: 'USD',
            description: `guess ${i}`,
            pin: order[i],
          }),
        }),
      );
      console.log(`transfer PIN brute force: ${GUESSES} guesses (${JSON.stringify(tally(results))})`);
      expect(results.filter((r) => r.status >= 200 && r.status < 300)).toEqual([]);
      expect(results.filter((r) => r.code === 'PIN_INCORRECT').length).toBeLessThanOrEqual(5);
      expect(results.every((r) => r.status < 500)).toBe(true);
      expect(await balance()).toBe(before);
      const { rows } = await getPool().query('SELECT count(*)::int AS n FROM transactions WHERE sender_id = $1', [
        victim.id,
      ]);
      expect(rows[0].n).toBe(0);
    },
  );
});
