import type pg from 'pg';
import { afterCommit } from '../db/transaction.js';
import { metrics } from '../metrics/index.js';
import { hold as holdQuery, refund as refundQuery, release as releaseQuery } from './escrow.queries.js';
import type { TransactionType } from './post-transfer.js';

/**
 * Escrow holds: the one way money goes into and out of escrow (prisma/sql/ledger.sql, invariant L7).
 * A reference names what the money is held for: `{ type: 'milestone', id: milestone.id }`.
 *
 * Every call is ONE ledger transaction and runs on the caller's database client, so the caller
 * changes its own rows (through Prisma's `tx`) in the same database transaction, and the money-moving
 * HTTP request takes an Idempotency-Key through runIdempotent (platform/idempotency), which gives that
 * transaction (PIN first, counted on its own connection, so a wrong PIN stays counted):
 *
 *   await verifyPin(user.id, body.pin);
 *   const answer = await runIdempotent(user.id, idempotencyOf(c), async (db, tx) => {
 *     const paid = await release(db, { reference: { type: 'milestone', id }, to: { userId: freelancerId },
 *                                      feeType: 'milestone_payment', description: `Milestone: ${title}` });
 *     await tx.projectMilestone.update({ where: { id }, data: { status: 'paid', paidAt: now, paymentTransactionId: paid.transactionId } });
 *     return { status: 200 as const, body: { ... } };
 *   });
 *
 * Refusals come back as pg errors with SQLSTATE (platform/errors.ts maps them): LD010 insufficient
 * funds, LD001/LD002 bad amount, LD030 reference held in another asset or for another payer,
 * LD031 nothing held for the reference, LD032 more than is held.
 */
export interface EscrowReference {
  /** What the money is held for, lower case: 'milestone', 'investment', 'invoice', 'withdrawal'. */
  type: string;
  id: string;
}

type Db = Pick<pg.ClientBase, 'query'>;

export interface HoldRequest {
  reference: EscrowReference;
  payerId: string;
  assetSymbol: string;
  /** Decimal string at most the asset's scale. */
  amount: string;
  description?: string | null;
}

/** Moves `amount` from the payer's wallet into escrow for the reference; holds of one reference add up. */
export async function hold(
  db: Db,
  req: HoldRequest,
): Promise<{ transactionId: string; held: string; payerBalance: string }> {
  const rows = await holdQuery.run(
    {
      referenceType: req.reference.type,
      referenceId: req.reference.id,
      payerId: req.payerId,
      assetSymbol: req.assetSymbol,
      amount: req.amount,
      description: req.description,
    },
    db,
  );
  const r = rows[0]!;
  countEscrow(db, 'hold', req.reference, 'escrow_hold');
  return { transactionId: r.transaction_id, held: r.held, payerBalance: r.payer_balance };
}

export interface ReleaseRequest {
  reference: EscrowReference;
  /** A user's wallet, or the 'withdrawals' account for a withdrawal the bank has paid out. */
  to: { userId: string } | { system: 'withdrawals' };
  /** Omitted: everything still held. */
  amount?: string;
  /** The fee schedule's row to apply (taken from the amount), e.g. 'milestone_payment' (1%). */
  feeType: TransactionType;
  /** A fee fixed when the money was held (a withdrawal's quote), paid from the hold on top of `amount` instead of the schedule's. */
  fee?: string;
  description?: string | null;
}

/** Pays held money out to a user (or out of the platform), minus the scheduled fee (to the fee account). */
export async function release(
  db: Db,
  req: ReleaseRequest,
): Promise<{ transactionId: string; amount: string; fee: string; held: string }> {
  const rows = await releaseQuery.run(
    {
      referenceType: req.reference.type,
      referenceId: req.reference.id,
      toUser: 'userId' in req.to ? req.to.userId : null,
      amount: req.amount,
      feeType: req.feeType,
      description: req.description,
      toSystem: 'system' in req.to ? req.to.system : null,
      fee: req.fee,
    },
    db,
  );
  const r = rows[0]!;
  countEscrow(db, 'release', req.reference, req.feeType);
  return { transactionId: r.transaction_id, amount: r.amount, fee: r.fee, held: r.held };
}

export interface RefundRequest {
  reference: EscrowReference;
  /** Omitted: everything still held. */
  amount?: string;
  description?: string | null;
}

/** Gives held money back to the payer, without a fee. */
export async function refund(
  db: Db,
  req: RefundRequest,
): Promise<{ transactionId: string; amount: string; held: string }> {
  const rows = await refundQuery.run(
    {
      referenceType: req.reference.type,
      referenceId: req.reference.id,
      amount: req.amount,
      description: req.description,
    },
    db,
  );
  const r = rows[0]!;
  countEscrow(db, 'refund', req.reference, 'escrow_refund');
  return { transactionId: r.transaction_id, amount: r.amount, held: r.held };
}

/** Counted once the caller's transaction committed (platform/metrics). */
function countEscrow(
  db: Db,
  movement: 'hold' | 'release' | 'refund',
  reference: EscrowReference,
  type: TransactionType,
) {
  afterCommit(db, () => {
    metrics.escrowMovements.inc({ movement, reference: reference.type });
    metrics.ledgerTransactions.inc({ type });
  });
}
