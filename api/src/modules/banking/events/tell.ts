import { Prisma, type PrismaTx } from '../../../platform/db/prisma.js';
import { notify } from '../../../platform/notifications/index.js';
import type { BookedTransfer } from '../transfers/booking.js';

const KINDS = {
  deposit: { settled: 'deposit_settled', undone: 'deposit_failed' },
  withdrawal: { settled: 'withdrawal_paid', undone: 'withdrawal_returned' },
} as const;

/** The user's notification of what the bank did with their transfer, in the event's transaction (the amount in the asset's scale). */
export async function tellTransfer(tx: PrismaTx, t: BookedTransfer, outcome: 'settled' | 'undone') {
  const { scale } = await tx.asset.findUniqueOrThrow({ where: { symbol: t.asset.symbol }, select: { scale: true } });
  // as SQL's round(amount, scale): half away from zero
  const amount = t.amount.toFixed(scale, Prisma.Decimal.ROUND_HALF_UP);
  await notify(tx, {
    userId: t.userId,
    kind: KINDS[t.direction][outcome],
    link: '/linked-accounts',
    data: { amount, asset: t.asset.symbol, title: t.institutionName },
  });
}
