import type { Prisma } from '../../platform/db/prisma.js';

// Prisma rows -> the JSON of schemas.ts, with Prisma's own row types.

export const personSelect = {
  id: true,
  fullName: true,
  username: true,
  avatarUrl: true,
} satisfies Prisma.ProfileSelect;
export const assetSelect = { id: true, symbol: true, name: true, scale: true } satisfies Prisma.AssetSelect;
type PersonRow = Prisma.ProfileGetPayload<{ select: typeof personSelect }>;
export const personView = (p: PersonRow) => ({
  id: p.id,
  full_name: p.fullName,
  username: p.username,
  avatar_url: p.avatarUrl,
});

/** A live investment holds money for the campaign: pending verification, or confirmed when funded. */
export const LIVE = ['pending_verification', 'confirmed'] as const;
/** An investor may cancel until this long before the end date. */
export const CANCEL_CUTOFF_MS = 48 * 3_600_000;

export const campaignInclude = {
  currency: { select: assetSelect },
  createdBy: { select: personSelect },
  _count: { select: { investments: { where: { status: { in: [...LIVE] } } } } },
} satisfies Prisma.FundingCampaignInclude;
type CampaignRow = Prisma.FundingCampaignGetPayload<{ include: typeof campaignInclude }>;

const iso = (d: Date | null) => (d ? d.toISOString() : null);
export const money = (d: Prisma.Decimal, scale: number) => d.toFixed(scale);

export function campaignView(c: CampaignRow, now = new Date()) {
  const s = c.currency.scale;
  const progress = c.targetAmount.gt(0)
    ? Math.min(100, c.fundsRaised.div(c.targetAmount).times(100).toDecimalPlaces(1).toNumber())
    : 100;
  return {
    id: c.id,
    company_name: c.companyName,
    company_logo_url: c.companyLogoUrl,
    website_url: c.websiteUrl,
    tagline: c.tagline,
    description: c.description,
    problem_solved: c.problemSolved,
    solution_description: c.solutionDescription,
    market_size: c.marketSize,
    business_model: c.businessModel,
    team_description: c.teamDescription,
    target_amount: money(c.targetAmount, s),
    min_investment: money(c.minInvestment, s),
    max_investment: c.maxInvestment && money(c.maxInvestment, s),
    equity_offered_percentage: c.equityOfferedPercentage.toString(),
    valuation: c.valuation && money(c.valuation, s),
    campaign_end_date: c.campaignEndDate ? c.campaignEndDate.toISOString().slice(0, 10) : null,
    pitch_deck_url: c.pitchDeckUrl,
    status: c.status,
    rejection_reason: c.rejectionReason,
    funds_raised: money(c.fundsRaised, s),
    progress_percent: progress,
    investor_count: c._count.investments,
    days_left:
      c.campaignEndDate && c.status === 'active'
        ? Math.max(0, Math.ceil((c.campaignEndDate.getTime() - now.getTime()) / 86_400_000))
        : null,
    currency: c.currency,
    owner: personView(c.createdBy),
    created_at: c.createdAt.toISOString(),
    submitted_at: iso(c.submittedAt),
    closed_at: iso(c.closedAt),
  };
}

type InvestmentRow = Prisma.InvestmentGetPayload<object>;
export function investmentView(i: InvestmentRow, scale: number, endDate: Date | null) {
  return {
    id: i.id,
    campaign_id: i.campaignId,
    amount_invested: money(i.amountInvested, scale),
    status: i.status,
    created_at: i.createdAt.toISOString(),
    cancellable_until:
      i.status === 'pending_verification' && endDate
        ? new Date(endDate.getTime() - CANCEL_CUTOFF_MS).toISOString()
        : null,
  };
}
