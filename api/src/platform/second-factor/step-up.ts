// Step-up before large money moves: the one threshold rule every money route and quote calls beside
// the PIN check (docs/decisions.md "Passkeys, second factor and step-up"). The rule itself is SQL
// money_step_up_refusal (prisma/sql/money.sql), so a send checks it in its own statement (one round
// trip: wallet_send given stepUpTerms) and every other route and quote asks the same function here.
import { getPool } from '../db/pool.js';
import type { AuthUser } from '../auth/tokens.js';
import { ledgerAnswer } from '../errors.js';
import { STEP_UP_WINDOW_SECONDS } from './sessions.js';
import { stepUpNeeded } from './step-up.queries.js';

/** A withdrawal, send or invoice payment worth more than this many US dollars needs a step-up. */
export const STEP_UP_THRESHOLD_USD = '1000';

/** What SQL money_step_up_refusal needs besides the move: this session and the rule's figures (JSON keys as SQL reads them). */
export interface StepUpTerms {
  session: string;
  threshold_usd: string;
  window_seconds: number;
}

export const stepUpTerms = (user: AuthUser): StepUpTerms => ({
  session: user.sid,
  threshold_usd: STEP_UP_THRESHOLD_USD,
  window_seconds: STEP_UP_WINDOW_SECONDS,
});

/** For quotes: true when the move will be refused until the user confirms with a second factor (one call of the SQL rule). */
export async function stepUpRequiredForMove(
  user: AuthUser,
  move: { assetSymbol: string; amount: string },
): Promise<boolean> {
  const [row] = await stepUpNeeded.run(
    { userId: user.id, assetSymbol: move.assetSymbol, amount: move.amount, terms: stepUpTerms(user) },
    getPool(),
  );
  return row?.needed === true;
}

/** Called beside the PIN check: 403 STEP_UP_REQUIRED for a large move without a fresh second-factor check. */
export async function requireStepUpForMove(
  user: AuthUser,
  move: { assetSymbol: string; amount: string },
): Promise<void> {
  if (await stepUpRequiredForMove(user, move)) throw ledgerAnswer({ code: 'STEP_UP_REQUIRED' });
}
