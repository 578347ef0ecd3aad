import type pg from 'pg';
import { Prisma } from '../../../platform/db/prisma.js';
import { notFound } from '../../../platform/errors.js';
import { refund, release } from '../../../platform/ledger/escrow.js';
import { milestoneView } from '../views.js';
import { MILESTONE_FEE, escrowLabel } from './rules.js';

// The money side of a milestone, on the caller's transaction (pg client): lock the row, pay out or
// refund its escrow, write its new state. The row lock comes before the ledger's wallet locks on
// every path (approve, cancel, resolve, auto-release), so they wait for each other in one order.

type Db = Pick<pg.ClientBase, 'query'>;
export const MILESTONE_NOT_FOUND = 'Milestone not found.';

export interface LockedMilestone {
  id: string; contract_id: string; title: string; status: string; amount: string; submitted_at: Date | null;
  client_id: string; freelancer_id: string; contract_status: string; symbol: string; scale: number;
}

/** The milestone with its contract's parties and asset, locked until the transaction ends (null if skipLocked and taken). */
export async function lockMilestone(db: Db, id: string, opts: { skipLocked?: boolean } = {}): Promise<LockedMilestone | null> {
  const { rows } = await db.query<LockedMilestone>(
    `SELECT m.id, m.contract_id, m.title, m.status::text, m.amount::text, m.submitted_at, c.client_id, c.freelancer_id, c.status::text AS contract_status, a.symbol, a.scale
       FROM project_milestones m JOIN project_contracts c ON c.id = m.contract_id JOIN assets a ON a.id = c.currency_asset_id
      WHERE m.id = $1 FOR UPDATE OF m${opts.skipLocked ? ' SKIP LOCKED' : ''}`, [id]);
  if (!rows[0] && !opts.skipLocked) throw notFound(MILESTONE_NOT_FOUND);
  return rows[0] ?? null;
}

/** Everything held goes to the freelancer minus the scheduled 1%: the milestone is paid. */
export async function payMilestone(db: Db, m: LockedMilestone, now: Date) {
  const paid = await release(db, { reference: { type: 'milestone', id: m.id }, to: { userId: m.freelancer_id }, feeType: MILESTONE_FEE, description: escrowLabel(m.title) });
  await db.query(`UPDATE project_milestones SET status = 'paid', paid_at = $2, payment_transaction_id = $3, updated_at = $2 WHERE id = $1`, [m.id, now, paid.transactionId]);
  return paid;
}

/** Everything held returns to the client: the milestone is cancelled. */
export async function refundMilestone(db: Db, m: LockedMilestone, now: Date) {
  await refund(db, { reference: { type: 'milestone', id: m.id }, description: escrowLabel(m.title) });
  await db.query(`UPDATE project_milestones SET status = 'cancelled', updated_at = $2 WHERE id = $1`, [m.id, now]);
}

/** An admin's decision on a disputed milestone: `freelancerAmount` released (minus 1%), the rest refunded. */
export async function resolveMilestone(db: Db, m: LockedMilestone, freelancerAmount: Prisma.Decimal, note: string, now: Date) {
  const reference = { type: 'milestone', id: m.id };
  const rest = new Prisma.Decimal(m.amount).minus(freelancerAmount);
  const paid = freelancerAmount.gt(0)
    ? await release(db, { reference, to: { userId: m.freelancer_id }, amount: freelancerAmount.toFixed(m.scale), feeType: MILESTONE_FEE, description: escrowLabel(m.title) })
    : null;
  if (rest.gt(0)) await refund(db, { reference, amount: rest.toFixed(m.scale), description: escrowLabel(m.title) });
  await db.query(
    // paid_at stays for 'paid' (a CHECK of the table); a resolution has its own resolved_at
    `UPDATE project_milestones SET status = 'resolved', resolved_at = $2, resolution_note = $3, resolved_freelancer_amount = $4,
            payment_transaction_id = $5, updated_at = $2 WHERE id = $1`,
    [m.id, now, note, freelancerAmount.toFixed(m.scale), paid?.transactionId ?? null]);
}

/** What a milestone's notification says: its title, and the amount (in the asset's scale) where money moved. */
export const milestoneNote = (m: LockedMilestone, amount?: string) => ({
  link: `/contract/${m.contract_id}`, data: { title: m.title, ...(amount ? { amount: new Prisma.Decimal(amount).toFixed(m.scale), asset: m.symbol } : {}) },
});

/** The milestone as the API shows it, read on the transaction's connection (its answer is stored with the Idempotency-Key). */
export async function milestoneAnswer(db: Db, id: string, scale: number) {
  const { rows } = await db.query<Prisma.ProjectMilestoneGetPayload<object>>(
    `SELECT id, contract_id AS "contractId", title, description, amount, due_date AS "dueDate", status, freelancer_submission_notes AS "freelancerSubmissionNotes",
            paid_at AS "paidAt", payment_transaction_id AS "paymentTransactionId", created_at AS "createdAt", updated_at AS "updatedAt",
            submitted_at AS "submittedAt", change_request_note AS "changeRequestNote", dispute_reason AS "disputeReason", disputed_at AS "disputedAt",
            resolved_at AS "resolvedAt", resolution_note AS "resolutionNote", resolved_freelancer_amount AS "resolvedFreelancerAmount"
       FROM project_milestones WHERE id = $1`, [id]);
  const row = rows[0]!;
  // numeric arrives as text from pg: the view takes Prisma's Decimal
  const decimal = (v: unknown) => (v == null ? null : new Prisma.Decimal(String(v)));
  return { milestone: milestoneView({ ...row, amount: decimal(row.amount)!, resolvedFreelancerAmount: decimal(row.resolvedFreelancerAmount) }, scale) };
}
