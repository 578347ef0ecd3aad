import { recordAudit } from '../../../platform/audit/index.js';
import { getPrisma } from '../../../platform/db/prisma.js';
import { inTransaction } from '../../../platform/db/transaction.js';
import { conflict, notFound } from '../../../platform/errors.js';
import { notify } from '../../../platform/notifications/index.js';
import { CAMPAIGN_NOT_FOUND } from '../campaigns/service.js';

export const END_DATE_PASSED = 'The end date has passed. The owner must set a later one before it can go live.';
import { campaignInclude, campaignView } from '../views.js';

export async function reviewQueue() {
  const rows = await getPrisma().fundingCampaign.findMany({ where: { status: 'pending_approval' }, include: campaignInclude, orderBy: [{ submittedAt: 'asc' }, { id: 'asc' }], take: 200 });
  return { campaigns: rows.map((c) => campaignView(c)) };
}

/**
 * One transaction: the conditional status change and its audit entry (two admins at once: one decision).
 * An end date that passed while the campaign waited in review cannot go live (the close job would end
 * it at once): the owner sets a later one first.
 */
export async function decide(adminId: string, id: string, decision: 'approve' | 'reject', reason: string | null) {
  const status = decision === 'approve' ? 'active' : 'rejected';
  await inTransaction(async (db) => {
    const { rowCount, rows: [decided] } = await db.query<{ owner: string; company: string }>(
      `UPDATE funding_campaigns SET status = $2::campaign_status, rejection_reason = $3, reviewed_at = now(), updated_at = now() WHERE id = $1 AND status = 'pending_approval'
          AND ($2 = 'rejected' OR campaign_end_date IS NULL OR campaign_end_date > now())
       RETURNING created_by_profile_id AS owner, company_name AS company`,
      [id, status, reason]);
    if (rowCount === 0) {
      const { rows } = await db.query<{ status: string }>('SELECT status::text FROM funding_campaigns WHERE id = $1', [id]);
      if (!rows[0]) throw notFound(CAMPAIGN_NOT_FOUND);
      throw conflict(rows[0].status === 'pending_approval' ? END_DATE_PASSED : 'Only a campaign pending approval can be approved or rejected.');
    }
    await notify(db, { userId: decided!.owner, kind: decision === 'approve' ? 'campaign_approved' : 'campaign_rejected', link: `/campaign/${id}`, data: { title: decided!.company } });
    await recordAudit(db, { actorId: adminId, action: `admin.campaign.${decision}`, subject: `campaign:${id}`, before: { status: 'pending_approval' }, after: { status }, data: reason ? { reason } : undefined });
  });
  return { campaign: campaignView(await getPrisma().fundingCampaign.findUniqueOrThrow({ where: { id }, include: campaignInclude })) };
}
