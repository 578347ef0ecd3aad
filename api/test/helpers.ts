import crypto from 'node:crypto';
import { createTestApp } from '../src/app.js';
import type { KycStatus } from '../src/generated/prisma/enums.js';
import { issueAccessToken } from '../src/platform/auth/tokens.js';
import { getPool } from '../src/platform/db/pool.js';
import { createUserWithProfile } from '../src/platform/db/seed.js';
import { postTransfer } from '../src/platform/ledger/index.js';
import { hashPin } from '../src/platform/pin/index.js';
import * as queries from './helpers.queries.js';

export { createTestApp };

let n = 0;
/** A confirmed user with a profile; `password` only when the test signs in with it (argon2 costs ~50 ms). */
export async function createUser(
  opts: {
    fullName?: string | null;
    username?: string | null;
    email?: string;
    password?: string;
    admin?: boolean;
    kyc?: KycStatus;
  } = {},
) {
  n += 1;
  const tag = crypto.randomBytes(3).toString('hex');
  const email = opts.email ?? `user${n}-${tag}@example.test`;
  const id = await createUserWithProfile(getPool(), {
    email,
    password: opts.password,
    fullName: opts.fullName === undefined ? `User ${n}` : opts.fullName,
    username: opts.username === undefined ? `user${n}_${tag}` : opts.username,
    admin: opts.admin,
    kyc: opts.kyc,
  });
  return { id, email };
}

/**
 * A real access token for the user (what sign-in would issue), without a refresh family: of a session
 * that signed in with a second factor (admin routes require one), unless `mfa` is false.
 */
export async function bearer(userId: string, adm = false, mfa = true) {
  const { token } = await issueAccessToken({ id: userId, sid: crypto.randomUUID(), adm, mfa });
  return { authorization: `Bearer ${token}` };
}

export const deposit = (userId: string, assetSymbol: string, amount: string) =>
  postTransfer({
    type: 'deposit',
    assetSymbol,
    from: { system: 'deposits' },
    to: { userId },
    amount,
    description: 'Test deposit',
  });

export const send = (from: string, to: string, assetSymbol: string, amount: string, description = 'Test transfer') =>
  postTransfer({ type: 'p2p_transfer', assetSymbol, from: { userId: from }, to: { userId: to }, amount, description });

/** Row counts of tables a request could write, to assert that a refused request changed nothing. */
export async function tableCounts(tables: string[]) {
  const out: Record<string, number> = {};
  for (const t of tables) out[t] = Number((await getPool().query(`SELECT count(*)::int AS n FROM ${t}`)).rows[0].n);
  return out;
}

/** Gives the user a transaction PIN (as setting it in the profile would). */
export const givePin = (userId: string, pin: string) =>
  queries.givePin.run({ userId, pinHash: hashPin(userId, pin) }, getPool());

/** An asset's id by its symbol. */
export const assetIdOf = async (symbol = 'USD') => (await queries.assetIdOf.run({ symbol }, getPool()))[0]!.id;

/** The user's wallet balance of an asset as the database has it, at 2 decimals (a string; '0.00' without a wallet). */
export const walletBalance = async (userId: string, symbol = 'USD') =>
  (await queries.walletBalance.run({ userId, symbol }, getPool()))[0]!.b;

/** The profile's daily, weekly and monthly limits in US dollars (null: Not Set), as PUT /api/profile/limits stores them. */
export const setLimits = (userId: string, usd: string | null) => queries.setLimits.run({ userId, usd }, getPool());

/** The platform's caps (transaction_limit_caps) for the rest of a test file's database: a daily one, the others left high. */
export const setDailyCap = (usd: string) => queries.setDailyCap.run({ usd }, getPool());

/** US dollars the user's outflows counted in outgoing_usage (all days), at 2 decimals. */
export const outgoingUsage = async (userId: string) => (await queries.outgoingUsage.run({ userId }, getPool()))[0]!.usd;

/** The PIN's failed-attempt counter: a refusal before the PIN leaves it as it was. */
export const pinFailures = async (userId: string) => (await queries.pinFailures.run({ userId }, getPool()))[0]!.n;

/** The answer every outflow gets over its daily limit (platform/errors.ts LIMIT_EXCEEDED), in US dollars as 'n.nn'. */
export function overDailyLimit(f: { limit: string; used: string; amount: string; remaining: string }) {
  const error = `This transfer would exceed your daily transaction limit of $${f.limit}. You can still send $${f.remaining} today.`;
  return {
    error,
    code: 'LIMIT_EXCEEDED',
    details: {
      title: 'Limit Exceeded',
      period: 'daily',
      limit_usd: f.limit,
      used_usd: f.used,
      remaining_usd: f.remaining,
      amount_usd: f.amount,
      fields: { amount: error },
    },
  };
}
