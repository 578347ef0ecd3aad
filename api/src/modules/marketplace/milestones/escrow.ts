import type pg from 'pg';
import { lockRow } from '../../../platform/db/lock.js';
import { Prisma, type PrismaTx } from '../../../platform/db/prisma.js';
import { notFound } from '../../../platform/errors.js';
import { refund, release } from '../../../platform/ledger/escrow.js';
import { milestoneView } from '../views.js';
import { MILESTONE_FEE, escrowLabel } from './rules.js';

// The money side of a milestone, in the caller's transaction (`db` for the ledger and the lock, `tx`
// for the rows): lock the row, pay out or refund its escrow, write its new state. The row lock comes
// before the ledger's wallet locks on every path (approve, cancel, resolve, auto-release), so they
// wait for each other in one order.

export const MILESTONE_NOT_FOUND = 'Milestone not found.';

const lockedInclude = {
  contract: {
    select: { clientId: true, freelancerId: true, status: true, currency: { select: { symbol: true, scale: true } } },
  },
} satisfies Prisma.ProjectMilestoneInclude;
export type LockedMilestone = Prisma.ProjectMilestoneGetPayload<{ include: typeof lockedInclude }>;

/** The milestone with its contract's parties and asset, locked until the transaction ends (null if skipLocked and taken). */
export async function lockMilestone(
  db: pg.ClientBase,
  tx: PrismaTx,
  id: string,
  opts: { skipLocked?: boolean } = {},
): Promise<LockedMilestone | null> {
  if (!(await lockRow(db, 'project_milestones', id, opts))) {
    if (opts.skipLocked) return null;
    throw notFound(MILESTONE_NOT_FOUND);
  }
  return tx.projectMilestone.findUniqueOrThrow({ where: { id }, include: lockedInclude });
}

/** Everything held goes to the freelancer minus the scheduled 1%: the milestone is paid. */
export async function payMilestone(db: pg.ClientBase, tx: PrismaTx, m: LockedMilestone, now: Date) {
  const paid = await release(db, {
    reference: { type: 'milestone', id: m.id },
    to: { userId: m.contract.freelancerId },
    feeType: MILESTONE_FEE,
    description: escrowLabel(m.title),
  });
  await tx.projectMilestone.update({
    where: { id: m.id },
    data: { status: 'paid', paidAt: now, paymentTransactionId: paid.transactionId, updatedAt: now },
  });
  return paid;
}

/** Everything held returns to the client: the milestone is cancelled. */
export async function refundMilestone(db: pg.ClientBase, tx: PrismaTx, m: LockedMilestone, now: Date) {
  await refund(db, { reference: { type: 'milestone', id: m.id }, description: escrowLabel(m.title) });
  await tx.projectMilestone.update({ where: { id: m.id }, data: { status: 'cancelled', updatedAt: now } });
}

/** An admin's decision on a disputed milestone: `freelancerAmount` released (minus 1%), the rest refunded. */
export async function resolveMilestone(
  db: pg.ClientBase,
  tx: PrismaTx,
  m: LockedMilestone,
  freelancerAmount: Prisma.Decimal,
  note: string,
  now: Date,
) {
  const reference = { type: 'milestone', id: m.id };
  const { scale } = m.contract.currency;
  const rest = m.amount.minus(freelancerAmount);
  const paid = freelancerAmount.gt(0)
    ? await release(db, {
        reference,
        to: { userId: m.contract.freelancerId },
        amount: freelancerAmount.toFixed(scale),
        feeType: MILESTONE_FEE,
        description: escrowLabel(m.title),
      })
    : null;
  if (rest.gt(0)) await refund(db, { reference, amount: rest.toFixed(scale), description: escrowLabel(m.title) });
  // paid_at stays for 'paid' (a CHECK of the table); a resolution has its own resolved_at
  await tx.projectMilestone.update({
    where: { id: m.id },
    data: {
      status: 'resolved',
      resolvedAt: now,
      resolutionNote: note,
      resolvedFreelancerAmount: freelancerAmount.toFixed(scale),
      paymentTransactionId: paid?.transactionId ?? null,
      updatedAt: now,
    },
  });
}

/** What a milestone's notification says: its title, and the amount (in the asset's scale) where money moved. */
export const milestoneNote = (m: LockedMilestone, amount?: Prisma.Decimal | string) => ({
  link: `/contract/${m.contractId}`,
  data: {
    title: m.title,
    ...(amount
      ? { amount: new Prisma.Decimal(amount).toFixed(m.contract.currency.scale), asset: m.contract.currency.symbol }
      : {}),
  },
});

/** The milestone as the API shows it, read in the transaction (its answer is stored with the Idempotency-Key). */
export async function milestoneAnswer(tx: PrismaTx, id: string, scale: number) {
  return { milestone: milestoneView(await tx.projectMilestone.findUniqueOrThrow({ where: { id } }), scale) };
}
