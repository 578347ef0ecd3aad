import crypto from 'node:crypto';
import type pg from 'pg';
import { Prisma, type PrismaTx } from '../../../platform/db/prisma.js';
import { answerOrRefusal, runIdempotent, type IdempotencyContext } from '../../../platform/idempotency/index.js';
import { logger } from '../../../platform/logger.js';
import { verifyPin } from '../../../platform/pin/index.js';
import { sendToPlaid } from './at-plaid.js';
import { holdWithdrawal, type BookedTransfer } from './booking.js';
import type { checkMove } from './move-input.js';
import { transferOf } from './service.js';

type Move = Awaited<ReturnType<typeof checkMove>>;
export interface TransferRequest {
  direction: 'deposit' | 'withdrawal';
  fee: string;
  network: 'same-day-ach' | 'rtp';
  /** Runs first in the booking transaction, before the row is written and Plaid is asked (a deposit's limits): throw to refuse. */
  admit?: (db: pg.ClientBase) => Promise<void>;
}

/**
 * Books a deposit or withdrawal request (PIN first; Idempotency-Key: a retry gets the same transfer),
 * then takes it to Plaid and answers the transfer as it is then. The row and a withdrawal's hold are
 * one database transaction: the money has left the wallet before Plaid is asked (BK1).
 */
export async function requestTransfer(
  userId: string,
  move: Move,
  req: TransferRequest,
  pin: string,
  idem: IdempotencyContext,
) {
  await verifyPin(userId, pin);
  const booked = answerOrRefusal(
    await runIdempotent(userId, idem, async (db, tx) => ({
      status: 201 as const,
      body: { id: await book(db, tx, userId, move, req) },
    })),
  );
  const { id } = booked.body;
  if (!booked.replayed)
    await sendToPlaid(id).catch((err) =>
      logger.error({ err, transfer: id }, 'bank transfer: Plaid step failed; the resume job retries'),
    );
  return { transfer: await transferOf(userId, id) };
}

async function book(db: pg.ClientBase, tx: PrismaTx, userId: string, move: Move, req: TransferRequest) {
  await req.admit?.(db);
  const id = crypto.randomUUID();
  const t: BookedTransfer = {
    id,
    userId,
    direction: req.direction,
    amount: new Prisma.Decimal(move.amount),
    fee: new Prisma.Decimal(req.fee),
    asset: move.asset,
    institutionName: move.account.institutionName,
    accountMask: move.account.accountMask,
  };
  const holdTransactionId = req.direction === 'withdrawal' ? await holdWithdrawal(db, t) : null;
  await tx.bankTransfer.create({
    data: {
      id,
      userId,
      linkedAccountId: move.account.id,
      direction: req.direction,
      assetId: move.asset.id,
      amount: move.amount,
      fee: req.fee,
      network: req.network,
      institutionName: move.account.institutionName,
      accountName: move.account.accountName,
      accountMask: move.account.accountMask,
      plaidAccountId: move.account.plaidAccountId,
      holdTransactionId,
    },
  });
  return id;
}
