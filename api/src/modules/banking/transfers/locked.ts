import type pg from 'pg';
import type { BookedTransfer } from './booking.js';

export type TransferStatus = 'requested' | 'declined' | 'pending' | 'posted' | 'settled' | 'funds_available' | 'failed' | 'returned';
export interface LockedTransfer extends BookedTransfer { status: TransferStatus; booked: boolean; plaid_transfer_id: string | null }

/** A bank transfer's row, locked for the rest of the caller's transaction (first lock of every change: BK3). */
export async function lockTransfer(db: pg.ClientBase, where: { id: string } | { plaidTransferId: string }): Promise<LockedTransfer | null> {
  const byId = 'id' in where;
  const { rows } = await db.query<LockedTransfer>(
    `SELECT t.id, t.user_id, t.direction, t.amount::text, t.fee::text, a.symbol, t.institution_name, t.account_mask, t.status,
            t.booked_transaction_id IS NOT NULL AS booked, t.plaid_transfer_id
       FROM bank_transfers t JOIN assets a ON a.id = t.asset_id
      WHERE ${byId ? 't.id = $1::uuid' : 't.plaid_transfer_id = $1'} FOR UPDATE OF t`, [byId ? where.id : where.plaidTransferId]);
  return rows[0] ?? null;
}
