import type pg from 'pg';
import { getPool } from '../../../platform/db/pool.js';
import { Prisma } from '../../../platform/db/prisma.js';
import type { IdempotencyContext } from '../../../platform/idempotency/index.js';
import type { MoveInput } from '../schemas.js';
import { checkMove } from '../transfers/move-input.js';
import { requestTransfer } from '../transfers/request.js';
import { admitDeposit, checkDepositRoom, depositRoom } from './limits.js';

const TIMING =
  'Your wallet is credited when your bank settles the transfer, usually the same business day (bank timing may vary).';

/**
 * What a deposit would be, before the PIN: no fee, when the money arrives, and the room left under
 * the daily and weekly deposit limits; an amount above that room gets the deposit's own 409.
 */
export async function quoteDeposit(userId: string, input: MoveInput) {
  const move = await checkMove(userId, input);
  const rooms = await depositRoom(getPool(), userId);
  checkDepositRoom(rooms, move.amount);
  return {
    amount: move.amount,
    fee: new Prisma.Decimal(0).toFixed(move.asset.scale),
    total: move.amount,
    asset_symbol: move.asset.symbol,
    network: 'same-day-ach' as const,
    timing: TIMING,
    limits: rooms.map(({ period, limit, used, remaining }) => ({ period, limit, used, remaining })),
  };
}

/**
 * Add money from a linked bank (an ACH debit, same day): within the user's deposit limits (checked
 * under the user's lock in the booking transaction, so before Plaid is asked), Plaid authorizes it
 * from the account's balance (NSF declines), and the wallet is credited when the transfer settles,
 * not before (BK2).
 */
export async function requestDeposit(userId: string, input: MoveInput, pin: string, idem: IdempotencyContext) {
  const move = await checkMove(userId, input);
  const admit = (db: pg.ClientBase) => admitDeposit(db, userId, move.amount);
  const { transfer } = await requestTransfer(
    userId,
    move,
    { direction: 'deposit', fee: '0', network: 'same-day-ach', admit },
    pin,
    idem,
  );
  return { message: depositMessage(transfer.status), transfer };
}

const depositMessage = (status: string) =>
  status === 'declined' || status === 'failed'
    ? 'Deposit Failed'
    : 'Deposit started: your wallet is credited when your bank settles it (usually the same business day; bank timing may vary).';
