import type pg from 'pg';
import type { TransferEvent } from 'plaid';
import { plaid } from '../../../platform/plaid/index.js';
import { bookSettled, undoSettled, undoUnsettled } from '../transfers/booking.js';
import { lockTransfer, type LockedTransfer, type TransferStatus } from '../transfers/locked.js';
import { tellTransfer } from './tell.js';

const RANK: Record<TransferStatus, number> = { requested: 0, pending: 1, posted: 2, settled: 3, funds_available: 4, declined: 9, failed: 9, returned: 9 };
const reasonOf = (e: TransferEvent) => e.failure_reason?.description || (e.event_type === 'returned' ? 'The bank returned the transfer.' : 'The bank transfer failed.');

/**
 * One Plaid transfer event on our row, in the caller's transaction (banking.sql BK1-BK3). Forward only:
 * an event for a status the row has passed changes nothing. Settling books the money once; failing or
 * a return undoes what was booked. Returns whether the row changed.
 */
export async function applyEvent(db: pg.ClientBase, e: TransferEvent): Promise<boolean> {
  const t = await transferOf(db, e.transfer_id);
  if (!t || RANK[t.status] === 9) return false;
  const set = (status: TransferStatus, extra: Record<string, unknown> = {}) => update(db, t.id, { status, ...extra });
  switch (e.event_type) {
    case 'pending':
    case 'posted':
      return RANK[e.event_type] > RANK[t.status] ? set(e.event_type) : false;
    case 'settled':
    case 'funds_available': {
      if (RANK[e.event_type] <= RANK[t.status]) return false;
      if (t.booked) return set(e.event_type);
      const booked = await bookSettled(db, t);
      await tellTransfer(db, t, 'settled');
      return set(e.event_type, { booked_transaction_id: booked });
    }
    case 'failed':
    case 'cancelled':
      if (RANK[t.status] >= RANK.settled) return false;
      await tellTransfer(db, t, 'undone');
      return set('failed', { failure_reason: reasonOf(e), undo_transaction_id: await undoUnsettled(db, t, reasonOf(e)) });
    case 'returned':
      return returned(db, t, reasonOf(e));
    default:
      return false;
  }
}

async function returned(db: pg.ClientBase, t: LockedTransfer, why: string) {
  await tellTransfer(db, t, 'undone');
  if (!t.booked) return update(db, t.id, { status: 'returned', failure_reason: why, undo_transaction_id: await undoUnsettled(db, t, why) });
  const undo = await undoSettled(db, t, why);
  return update(db, t.id, { status: 'returned', failure_reason: why, undo_transaction_id: undo.transactionId, shortfall: undo.shortfall });
}

/** Our row for a Plaid transfer; one the request has not recorded yet is found by the id Plaid keeps in its metadata. */
async function transferOf(db: pg.ClientBase, plaidTransferId: string): Promise<LockedTransfer | null> {
  const known = await lockTransfer(db, { plaidTransferId });
  if (known) return known;
  const { transfer } = (await (await plaid()).transferGet({ transfer_id: plaidTransferId })).data;
  const id = transfer.metadata?.bank_transfer_id;
  if (!id) return null;
  const t = await lockTransfer(db, { id });
  if (!t || t.plaid_transfer_id) return t && t.plaid_transfer_id === plaidTransferId ? t : null;
  await db.query(`UPDATE bank_transfers SET plaid_transfer_id = $2, plaid_authorization_id = $3, status = 'pending' WHERE id = $1`, [id, plaidTransferId, transfer.authorization_id]);
  return { ...t, status: 'pending', plaid_transfer_id: plaidTransferId };
}

const COLUMNS = new Set(['status', 'failure_reason', 'booked_transaction_id', 'undo_transaction_id', 'shortfall']);
async function update(db: pg.ClientBase, id: string, fields: Record<string, unknown>): Promise<boolean> {
  const keys = Object.keys(fields).filter((k) => COLUMNS.has(k));
  await db.query(`UPDATE bank_transfers SET ${keys.map((k, i) => `${k} = $${i + 2}`).join(', ')} WHERE id = $1`, [id, ...keys.map((k) => fields[k])]);
  return true;
}
