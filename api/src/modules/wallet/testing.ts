import crypto from 'node:crypto';
import { expect } from 'vitest';
import { getPool } from '../../platform/db/pool.js';
import { bearer, createTestApp, createUser, deposit } from '../../../test/helpers.js';

/** What the wallet's API tests share: an app with the wallet module on the test file's database, and calls as a user. */
export type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

export function walletTestClient() {
  const app = createTestApp(['wallet']);

  async function call(
    userId: string,
    method: string,
    path: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ) {
    const res = await app.request(`/api/wallet${path}`, {
      method,
      headers: {
        ...(await bearer(userId)),
        ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
        ...headers,
      },
      body: body !== undefined ? JSON.stringify(body) : undefined,
    });
    const text = await res.text();
    let json: Json = {};
    try {
      json = JSON.parse(text);
    } catch {
      /* CSV */
    }
    return { status: res.status, body: json, text, headers: res.headers };
  }
  const transfer = (userId: string, body: Json, idemKey: string | null = key()) =>
    call(userId, 'POST', '/transfers', body, idemKey === null ? {} : { 'Idempotency-Key': idemKey });
  const setPin = (userId: string, pin = '1234') => call(userId, 'POST', '/pin', { action: 'set_pin', pin });

  /** A user with a PIN (1234) and money. */
  async function payer(fullName = 'Payer', funds: [string, string][] = [['USD', '1000.00']]) {
    const u = await createUser({ fullName });
    for (const [symbol, amount] of funds) await deposit(u.id, symbol, amount);
    expect((await setPin(u.id)).status).toBe(200);
    return u;
  }
  return { app, call, transfer, setPin, payer };
}

export const key = () => crypto.randomUUID();
export const balanceOf = async (userId: string, symbol: string) =>
  (
    await getPool().query(
      `SELECT w.balance::text FROM user_wallets w JOIN assets a ON a.id = w.asset_id WHERE w.user_id = $1 AND a.symbol = $2`,
      [userId, symbol],
    )
  ).rows[0]?.balance as string | undefined;
export const moneyTables = ['transactions', 'ledger_entries', 'user_wallets', 'outgoing_usage', 'payment_requests'];

/** The platform caps apply when a profile has no limit of its own; tests not about limits move more than a day's cap. */
export const liftPlatformCaps = () => getPool().query(`UPDATE transaction_limit_caps SET max_usd = 1000000000`);
