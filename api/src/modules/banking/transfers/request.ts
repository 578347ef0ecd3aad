import crypto from 'node:crypto';
import type pg from 'pg';
import { runIdempotent, type IdempotencyContext } from '../../../platform/idempotency/index.js';
import { logger } from '../../../platform/logger.js';
import { verifyPin } from '../../../platform/pin/index.js';
import { sendToPlaid } from './at-plaid.js';
import { holdWithdrawal, type BookedTransfer } from './booking.js';
import type { checkMove } from './move-input.js';
import { transferOf } from './service.js';
import type { transferView } from '../views.js';

type Move = Awaited<ReturnType<typeof checkMove>>;
export interface TransferRequest {
  direction: 'deposit' | 'withdrawal'; fee: string; network: 'same-day-ach' | 'rtp';
  /** Runs first in the booking transaction, before the row is written and Plaid is asked (a deposit's limits): throw to refuse. */
  admit?: (db: pg.ClientBase) => Promise<void>;
}

/**
 * Books a deposit or withdrawal request (PIN first; Idempotency-Key: a retry gets the same transfer),
 * then takes it to Plaid and answers the transfer as it is then. The row and a withdrawal's hold are
 * one database transaction: the money has left the wallet before Plaid is asked (BK1).
 */
type Answer = { status: number; body: { transfer?: ReturnType<typeof transferView> } & Record<string, unknown> };
export async function requestTransfer(userId: string, move: Move, req: TransferRequest, pin: string, idem: IdempotencyContext): Promise<Answer> {
  await verifyPin(userId, pin);
  const booked = await runIdempotent(userId, idem, async (db) => ({ status: 201, body: { id: await book(db, userId, move, req) } }));
  if (booked.status !== 201) return { status: booked.status, body: booked.body as Answer['body'] };
  const { id } = booked.body as { id: string };
  if (!booked.replayed) await sendToPlaid(id).catch((err) => logger.error({ err, transfer: id }, 'bank transfer: Plaid step failed; the resume job retries'));
  return { status: 201, body: { transfer: await transferOf(userId, id) } };
}

async function book(db: pg.ClientBase, userId: string, move: Move, req: TransferRequest) {
  await req.admit?.(db);
  const id = crypto.randomUUID();
  const t: BookedTransfer = {
    id, user_id: userId, direction: req.direction, amount: move.amount, fee: req.fee, symbol: move.asset.symbol,
    institution_name: move.account.institutionName, account_mask: move.account.accountMask,
  };
  let holdId: string | null = null;
  if (req.direction === 'withdrawal') holdId = await holdWithdrawal(db, t);
  await db.query(
    `INSERT INTO bank_transfers (id, user_id, linked_account_id, direction, asset_id, amount, fee, network, institution_name, account_name, account_mask, plaid_account_id, hold_transaction_id)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13)`,
    [id, userId, move.account.id, req.direction, move.asset.id, move.amount, req.fee, req.network, move.account.institutionName,
     move.account.accountName, move.account.accountMask, move.account.plaidAccountId, holdId]);
  return id;
}
