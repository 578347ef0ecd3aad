import { getPrisma } from '../../../platform/db/prisma.js';
import { conflict, notFound } from '../../../platform/errors.js';
import { sendEmail } from '../../../platform/outbound/index.js';
import { CAMPAIGN_NOT_FOUND } from '../campaigns/service.js';
import { LIVE } from '../views.js';

export async function postUpdate(ownerId: string, campaignId: string, input: { title: string; content: string }) {
  const db = getPrisma();
  const c = await db.fundingCampaign.findFirst({
    where: { id: campaignId, createdByProfileId: ownerId },
    select: { status: true, companyName: true },
  });
  if (!c) throw notFound(CAMPAIGN_NOT_FOUND);
  if (!['active', 'funded', 'closed'].includes(c.status))
    throw conflict('Updates can be posted once the campaign is live.');
  const update = await db.campaignUpdate.create({
    data: { campaignId, postedByProfileId: ownerId, title: input.title, content: input.content },
  });
  // every investor whose money is (or was) in the campaign, once each; e-mails go through the outbox
  const investors = await db.investment.findMany({
    where: { campaignId, status: { in: [...LIVE] } },
    distinct: ['investorProfileId'],
    select: { investorProfileId: true, investor: { select: { user: { select: { email: true } } } } },
  });
  for (const i of investors) {
    await sendEmail({
      to: i.investor.user.email,
      userId: i.investorProfileId,
      subject: `${c.companyName}: ${input.title}`,
      text: input.content,
    });
  }
  return {
    update: { id: update.id, title: update.title, content: update.content, created_at: update.createdAt.toISOString() },
    emailed: investors.length,
  };
}
