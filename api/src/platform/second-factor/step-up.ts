// Step-up before large money moves: the one threshold rule every money route and quote calls beside
// the PIN check (docs/decisions.md "Passkeys, second factor and step-up").
import { getPool } from '../db/pool.js';
import { getPrisma } from '../db/prisma.js';
import type { AuthUser } from '../auth/tokens.js';
import { enrolledFactors, hasAnyFactor, requireStepUp, stepUpFreshUntil } from './sessions.js';
import { isLargeMove as isLargeMoveQuery } from './step-up.queries.js';

/** A withdrawal, send or invoice payment worth more than this many US dollars needs a step-up. */
export const STEP_UP_THRESHOLD_USD = '1000';

/**
 * Whether `amount` of `assetSymbol` is worth more than the threshold (asset_prices; exact numeric in SQL).
 * Raw: runs before every send, measured faster than the Prisma read (docs/decisions.md "Auth rows through Prisma").
 */
async function isLargeMove(assetSymbol: string, amount: string): Promise<boolean> {
  const rows = await isLargeMoveQuery.run({ assetSymbol, amount, thresholdUsd: STEP_UP_THRESHOLD_USD }, getPool());
  return rows[0]?.large === true;
}

/** Called beside the PIN check: 403 STEP_UP_REQUIRED for a large move without a fresh second-factor check. */
export async function requireStepUpForMove(
  user: AuthUser,
  move: { assetSymbol: string; amount: string },
): Promise<void> {
  if (await isLargeMove(move.assetSymbol, move.amount)) await requireStepUp(user);
}

/** For quotes: true when the move will be refused until the user confirms with a second factor. */
export async function stepUpRequiredForMove(
  user: AuthUser,
  move: { assetSymbol: string; amount: string },
): Promise<boolean> {
  if (!(await isLargeMove(move.assetSymbol, move.amount))) return false;
  const db = getPrisma();
  if (!hasAnyFactor(await enrolledFactors(db, user.id))) return false;
  return (await stepUpFreshUntil(db, user.sid)) === null;
}
