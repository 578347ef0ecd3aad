import type pg from 'pg';
import type { TransferEvent } from 'plaid';
import type { Prisma, PrismaTx } from '../../../platform/db/prisma.js';
import { plaid } from '../../../platform/plaid/index.js';
import { bookSettled, undoSettled, undoUnsettled } from '../transfers/booking.js';
import { lockTransfer, lockedInclude, type LockedTransfer, type TransferStatus } from '../transfers/locked.js';
import { tellTransfer } from './tell.js';

const RANK: Record<TransferStatus, number> = {
  requested: 0,
  pending: 1,
  posted: 2,
  settled: 3,
  funds_available: 4,
  declined: 9,
  failed: 9,
  returned: 9,
};
const reasonOf = (e: TransferEvent) =>
  e.failure_reason?.description ||
  (e.event_type === 'returned' ? 'The bank returned the transfer.' : 'The bank transfer failed.');

/**
 * One Plaid transfer event on our row, in the caller's transaction (banking.sql BK1-BK3). Forward only:
 * an event for a status the row has passed changes nothing. Settling books the money once; failing or
 * a return undoes what was booked. Returns whether the row changed.
 */
export async function applyEvent(db: pg.PoolClient, tx: PrismaTx, e: TransferEvent): Promise<boolean> {
  const t = await transferOf(db, tx, e.transfer_id);
  if (!t || RANK[t.status] === 9) return false;
  const set = (status: TransferStatus, extra: Prisma.BankTransferUncheckedUpdateInput = {}) =>
    update(tx, t.id, { status, ...extra });
  switch (e.event_type) {
    case 'pending':
    case 'posted':
      return RANK[e.event_type] > RANK[t.status] ? set(e.event_type) : false;
    case 'settled':
    case 'funds_available': {
      if (RANK[e.event_type] <= RANK[t.status]) return false;
      const booked = t.bookedTransactionId ? {} : { bookedTransactionId: await bookSettled(db, t) };
      if (!t.bookedTransactionId) await tellTransfer(tx, t, 'settled');
      return set(e.event_type, booked);
    }
    case 'failed':
    case 'cancelled':
      if (RANK[t.status] >= RANK.settled) return false;
      await tellTransfer(tx, t, 'undone');
      return set('failed', { failureReason: reasonOf(e), undoTransactionId: await undoUnsettled(db, t, reasonOf(e)) });
    case 'returned':
      return returned(db, tx, t, reasonOf(e));
    default:
      return false;
  }
}

async function returned(db: pg.PoolClient, tx: PrismaTx, t: LockedTransfer, why: string) {
  await tellTransfer(tx, t, 'undone');
  if (!t.bookedTransactionId)
    return update(tx, t.id, {
      status: 'returned',
      failureReason: why,
      undoTransactionId: await undoUnsettled(db, t, why),
    });
  const undo = await undoSettled(db, t, why);
  return update(tx, t.id, {
    status: 'returned',
    failureReason: why,
    undoTransactionId: undo.transactionId,
    shortfall: undo.shortfall,
  });
}

/** Our row for a Plaid transfer; one the request has not recorded yet is found by the id Plaid keeps in its metadata. */
async function transferOf(db: pg.PoolClient, tx: PrismaTx, plaidTransferId: string): Promise<LockedTransfer | null> {
  const known = await lockTransfer(db, tx, { plaidTransferId });
  if (known) return known;
  const { transfer } = (await (await plaid()).transferGet({ transfer_id: plaidTransferId })).data;
  const id = transfer.metadata?.bank_transfer_id;
  if (!id) return null;
  const t = await lockTransfer(db, tx, { id });
  if (!t || t.plaidTransferId) return t && t.plaidTransferId === plaidTransferId ? t : null;
  return tx.bankTransfer.update({
    where: { id },
    data: { plaidTransferId, plaidAuthorizationId: transfer.authorization_id, status: 'pending' },
    include: lockedInclude,
  });
}

async function update(tx: PrismaTx, id: string, data: Prisma.BankTransferUncheckedUpdateInput): Promise<boolean> {
  await tx.bankTransfer.update({ where: { id }, data });
  return true;
}
