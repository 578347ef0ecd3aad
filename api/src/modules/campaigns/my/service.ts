import { getPrisma } from '../../../platform/db/prisma.js';
import { campaignInclude, campaignView, investmentView } from '../views.js';

const newest = [{ createdAt: 'desc' as const }, { id: 'desc' as const }];

export async function myInvestments(userId: string) {
  const rows = await getPrisma().investment.findMany({
    where: { investorProfileId: userId },
    orderBy: newest,
    take: 100,
    include: {
      campaign: {
        select: {
          id: true,
          companyName: true,
          status: true,
          campaignEndDate: true,
          currency: { select: { symbol: true, scale: true } },
        },
      },
    },
  });
  return {
    investments: rows.map(({ campaign, ...i }) => ({
      ...investmentView(i, campaign.currency.scale, campaign.campaignEndDate),
      campaign: {
        id: campaign.id,
        company_name: campaign.companyName,
        status: campaign.status,
        currency: campaign.currency,
      },
    })),
  };
}

export async function myCampaigns(userId: string) {
  const rows = await getPrisma().fundingCampaign.findMany({
    where: { createdByProfileId: userId },
    include: campaignInclude,
    orderBy: newest,
    take: 100,
  });
  return { campaigns: rows.map((c) => campaignView(c)) };
}
