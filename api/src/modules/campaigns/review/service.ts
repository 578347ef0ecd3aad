import { recordAudit } from '../../../platform/audit/index.js';
import { getPrisma } from '../../../platform/db/prisma.js';
import { inTransaction } from '../../../platform/db/transaction.js';
import { conflict, notFound } from '../../../platform/errors.js';
import { notify } from '../../../platform/notifications/index.js';
import { CAMPAIGN_NOT_FOUND } from '../campaigns/service.js';

export const END_DATE_PASSED = 'The end date has passed. The owner must set a later one before it can go live.';
import { campaignInclude, campaignView } from '../views.js';

export async function reviewQueue() {
  const rows = await getPrisma().fundingCampaign.findMany({
    where: { status: 'pending_approval' },
    include: campaignInclude,
    orderBy: [{ submittedAt: 'asc' }, { id: 'asc' }],
    take: 200,
  });
  return { campaigns: rows.map((c) => campaignView(c)) };
}

/**
 * One transaction: the conditional status change and its audit entry (two admins at once: one decision).
 * An end date that passed while the campaign waited in review cannot go live (the close job would end
 * it at once): the owner sets a later one first.
 */
export async function decide(adminId: string, id: string, decision: 'approve' | 'reject', reason: string | null) {
  const status = decision === 'approve' ? ('active' as const) : ('rejected' as const);
  await inTransaction(async (db, tx) => {
    const now = new Date();
    const { count } = await tx.fundingCampaign.updateMany({
      where: {
        id,
        status: 'pending_approval',
        ...(decision === 'approve' ? { OR: [{ campaignEndDate: null }, { campaignEndDate: { gt: now } }] } : {}),
      },
      data: { status, rejectionReason: reason, reviewedAt: now, updatedAt: now },
    });
    if (count === 0) {
      const found = await tx.fundingCampaign.findUnique({ where: { id }, select: { status: true } });
      if (!found) throw notFound(CAMPAIGN_NOT_FOUND);
      throw conflict(
        found.status === 'pending_approval'
          ? END_DATE_PASSED
          : 'Only a campaign pending approval can be approved or rejected.',
      );
    }
    const decided = await tx.fundingCampaign.findUniqueOrThrow({
      where: { id },
      select: { createdByProfileId: true, companyName: true },
    });
    await notify(db, {
      userId: decided.createdByProfileId,
      kind: decision === 'approve' ? 'campaign_approved' : 'campaign_rejected',
      link: `/campaign/${id}`,
      data: { title: decided.companyName },
    });
    await recordAudit(tx, {
      actorId: adminId,
      action: `admin.campaign.${decision}`,
      subject: `campaign:${id}`,
      before: { status: 'pending_approval' },
      after: { status },
      data: reason ? { reason } : undefined,
    });
  });
  return {
    campaign: campaignView(
      await getPrisma().fundingCampaign.findUniqueOrThrow({ where: { id }, include: campaignInclude }),
    ),
  };
}
