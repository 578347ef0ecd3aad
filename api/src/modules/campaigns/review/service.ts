import { recordAudit } from '../../../platform/audit/index.js';
import { getPrisma } from '../../../platform/db/prisma.js';
import { inTransaction } from '../../../platform/db/transaction.js';
import { conflict, notFound } from '../../../platform/errors.js';
import { CAMPAIGN_NOT_FOUND } from '../campaigns/service.js';
import { campaignInclude, campaignView } from '../views.js';

export async function reviewQueue() {
  const rows = await getPrisma().fundingCampaign.findMany({ where: { status: 'pending_approval' }, include: campaignInclude, orderBy: [{ submittedAt: 'asc' }, { id: 'asc' }], take: 200 });
  return { campaigns: rows.map((c) => campaignView(c)) };
}

/** One transaction: the conditional status change and its audit entry (two admins at once: one decision). */
export async function decide(adminId: string, id: string, decision: 'approve' | 'reject', reason: string | null) {
  const status = decision === 'approve' ? 'active' : 'rejected';
  await inTransaction(async (db) => {
    const { rowCount } = await db.query(
      `UPDATE funding_campaigns SET status = $2::campaign_status, rejection_reason = $3, reviewed_at = now(), updated_at = now() WHERE id = $1 AND status = 'pending_approval'`,
      [id, status, reason]);
    if (rowCount === 0) {
      const exists = await db.query('SELECT 1 FROM funding_campaigns WHERE id = $1', [id]);
      throw exists.rowCount ? conflict('Only a campaign pending approval can be approved or rejected.') : notFound(CAMPAIGN_NOT_FOUND);
    }
    await recordAudit(db, { actorId: adminId, action: `admin.campaign.${decision}`, subject: `campaign:${id}`, before: { status: 'pending_approval' }, after: { status }, data: reason ? { reason } : undefined });
  });
  return { campaign: campaignView(await getPrisma().fundingCampaign.findUniqueOrThrow({ where: { id }, include: campaignInclude })) };
}
