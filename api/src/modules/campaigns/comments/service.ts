import { getPrisma } from '../../../platform/db/prisma.js';
import { notFound } from '../../../platform/errors.js';
import { CAMPAIGN_NOT_FOUND } from '../campaigns/service.js';
import { personSelect, personView } from '../views.js';

export async function postComment(userId: string, campaignId: string, text: string) {
  const db = getPrisma();
  const c = await db.fundingCampaign.findUnique({
    where: { id: campaignId },
    select: { status: true, createdByProfileId: true },
  });
  if (!c || (c.createdByProfileId !== userId && !['active', 'funded', 'closed'].includes(c.status)))
    throw notFound(CAMPAIGN_NOT_FOUND);
  const k = await db.campaignComment.create({
    data: { campaignId, commenterProfileId: userId, commentText: text },
    include: { commenter: { select: personSelect } },
  });
  return {
    comment: {
      id: k.id,
      comment_text: k.commentText,
      created_at: k.createdAt.toISOString(),
      commenter: personView(k.commenter),
    },
  };
}
