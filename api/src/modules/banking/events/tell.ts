import type pg from 'pg';
import { notify } from '../../../platform/notifications/index.js';
import type { BookedTransfer } from '../transfers/booking.js';

const KINDS = {
  deposit: { settled: 'deposit_settled', undone: 'deposit_failed' },
  withdrawal: { settled: 'withdrawal_paid', undone: 'withdrawal_returned' },
} as const;

/** The user's notification of what the bank did with their transfer, in the event's transaction (the amount in the asset's scale). */
export async function tellTransfer(db: pg.ClientBase, t: BookedTransfer, outcome: 'settled' | 'undone') {
  const { rows } = await db.query<{ amount: string }>(
    'SELECT round($1::numeric, scale)::text AS amount FROM assets WHERE symbol = $2',
    [t.amount.toString(), t.asset.symbol],
  );
  await notify(db, {
    userId: t.userId,
    kind: KINDS[t.direction][outcome],
    link: '/linked-accounts',
    data: { amount: rows[0]!.amount, asset: t.asset.symbol, title: t.institutionName },
  });
}
