import type { z } from '@hono/zod-openapi';
import { Prisma, getPrisma } from '../../../platform/db/prisma.js';
import { conflict, notFound, validationError } from '../../../platform/errors.js';
import { checkAssetScale } from '../../../platform/http/fields.js';
import { campaignInclude, campaignView, investmentView, personSelect, personView } from '../views.js';
import { END_IN_FUTURE, type BrowseQuery, type CampaignInput } from './routes.js';
import type { ReadClient } from '../../../platform/db/replica.js';

export const PAGE_SIZE = 9; // docs/product.md "Campaigns and investments"
export const CAMPAIGN_NOT_FOUND = 'Campaign not found.';
export const RESTRICTED = 'Investment in this campaign is restricted to KYC-approved accredited investors.';
/** Who may see a campaign that is not live: its owner only. */
const PUBLIC = ['active', 'funded', 'closed'] as const;
const EDITABLE = ['draft', 'pending_approval', 'rejected'] as const;

/** The row a valid input (routes.ts: min <= max <= target) becomes: a fiat currency, amounts within its scale, an end still ahead. */
async function campaignData(input: z.infer<typeof CampaignInput>, now = new Date()) {
  const asset = await getPrisma().asset.findUnique({
    where: { id: input.asset_currency_id },
    select: { id: true, symbol: true, scale: true, assetType: true },
  });
  if (!asset || asset.assetType !== 'fiat') throw validationError({ asset_currency_id: 'Choose a fiat currency.' });
  const { target_amount, min_investment, max_investment, valuation } = input;
  checkAssetScale(asset, { target_amount, min_investment, max_investment, valuation });
  // the campaign ends at the end of that UTC day, which must still be ahead
  const end = input.campaign_end_date ? new Date(`${input.campaign_end_date}T23:59:59Z`) : null;
  if (end && end <= now) throw validationError({ campaign_end_date: END_IN_FUTURE });
  const dec = (v: string | null | undefined) => (v ? new Prisma.Decimal(v) : null);
  const orNull = (v: string | null | undefined) => v || null;
  return {
    companyName: input.company_name,
    companyLogoUrl: orNull(input.company_logo_url),
    websiteUrl: orNull(input.website_url),
    pitchDeckUrl: orNull(input.pitch_deck_url),
    tagline: orNull(input.tagline),
    description: input.description,
    problemSolved: orNull(input.problem_solved),
    solutionDescription: orNull(input.solution_description),
    marketSize: orNull(input.market_size),
    businessModel: orNull(input.business_model),
    teamDescription: orNull(input.team_description),
    targetAmount: dec(input.target_amount)!,
    minInvestment: dec(input.min_investment)!,
    maxInvestment: dec(input.max_investment),
    equityOfferedPercentage: dec(input.equity_offered_percentage)!,
    valuation: dec(input.valuation),
    campaignEndDate: end,
    assetCurrencyId: asset.id,
  };
}

export async function createCampaign(ownerId: string, input: z.infer<typeof CampaignInput>) {
  const campaign = await getPrisma().fundingCampaign.create({
    data: { ...(await campaignData(input)), createdByProfileId: ownerId, status: 'draft' },
    include: campaignInclude,
  });
  return { campaign: campaignView(campaign) };
}

/** The owner's campaign (404 in the spec's words for anyone else). */
async function ownCampaign(ownerId: string, id: string) {
  const c = await getPrisma().fundingCampaign.findFirst({
    where: { id, createdByProfileId: ownerId },
    select: { status: true },
  });
  if (!c) throw notFound(CAMPAIGN_NOT_FOUND);
  return c;
}

export async function editCampaign(ownerId: string, id: string, input: z.infer<typeof CampaignInput>) {
  await ownCampaign(ownerId, id);
  const data = await campaignData(input);
  const db = getPrisma();
  const { count } = await db.fundingCampaign.updateMany({
    where: { id, createdByProfileId: ownerId, status: { in: [...EDITABLE] } },
    data: { ...data, updatedAt: new Date() },
  });
  if (count === 0) throw conflict('A live or ended campaign cannot be edited.');
  return {
    campaign: campaignView(await db.fundingCampaign.findUniqueOrThrow({ where: { id }, include: campaignInclude })),
  };
}

export async function submitCampaign(ownerId: string, id: string) {
  await ownCampaign(ownerId, id);
  const db = getPrisma();
  const now = new Date();
  const { count } = await db.fundingCampaign.updateMany({
    where: {
      id,
      createdByProfileId: ownerId,
      status: { in: ['draft', 'rejected'] },
      OR: [{ campaignEndDate: null }, { campaignEndDate: { gt: now } }],
    },
    data: { status: 'pending_approval', submittedAt: now, rejectionReason: null, updatedAt: now },
  });
  if (count === 0)
    throw conflict('Only a draft or a rejected campaign whose end date has not passed can be submitted for review.');
  return {
    campaign: campaignView(await db.fundingCampaign.findUniqueOrThrow({ where: { id }, include: campaignInclude })),
  };
}

/** Why the caller may not invest, in the spec's words, or null. */
async function investRestriction(
  userId: string,
  campaign: { createdByProfileId: string; status: string; campaignEndDate: Date | null },
  now: Date,
) {
  if (campaign.createdByProfileId === userId) return 'You cannot invest in your own campaign.';
  if (campaign.status !== 'active') return 'This campaign is not open for investment.';
  if (campaign.campaignEndDate && campaign.campaignEndDate <= now) return 'This campaign has ended.';
  const me = await getPrisma().profile.findUnique({
    where: { id: userId },
    select: { isAccreditedInvestor: true, kycStatus: true },
  });
  // the product rules' 'approved' is the product rules' kyc_status 'verified': one state
  return me?.isAccreditedInvestor && me.kycStatus === 'verified' ? null : RESTRICTED;
}
export { investRestriction };

/** A campaign its owner may read in any status and everyone else once public (the page's GET and its live topic). */
export async function visibleCampaign(userId: string, id: string) {
  const c = await getPrisma().fundingCampaign.findUnique({ where: { id }, include: campaignInclude });
  if (!c || (c.createdByProfileId !== userId && !(PUBLIC as readonly string[]).includes(c.status)))
    throw notFound(CAMPAIGN_NOT_FOUND);
  return c;
}

export async function showCampaign(userId: string, id: string, now = new Date()) {
  const db = getPrisma();
  const c = await visibleCampaign(userId, id);
  const [updates, comments, mine] = await Promise.all([
    db.campaignUpdate.findMany({
      where: { campaignId: id },
      orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
      take: 100,
      include: { postedBy: { select: personSelect } },
    }),
    db.campaignComment.findMany({
      where: { campaignId: id, parentCommentId: null },
      orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
      take: 200,
      include: { commenter: { select: personSelect } },
    }),
    db.investment.findMany({ where: { campaignId: id, investorProfileId: userId }, orderBy: { createdAt: 'desc' } }),
  ]);
  const restriction =
    (await investRestriction(userId, c, now)) ??
    (c.fundsRaised.gte(c.targetAmount) ? 'This campaign has reached its target.' : null);
  return {
    campaign: campaignView(c, now),
    role: c.createdByProfileId === userId ? 'owner' : 'visitor',
    updates: updates.map((u) => ({
      id: u.id,
      title: u.title,
      content: u.content,
      created_at: u.createdAt.toISOString(),
      posted_by: personView(u.postedBy),
    })),
    comments: comments.map((k) => ({
      id: k.id,
      comment_text: k.commentText,
      created_at: k.createdAt.toISOString(),
      commenter: personView(k.commenter),
    })),
    can_invest: restriction === null,
    restriction: c.createdByProfileId === userId ? null : restriction,
    my_investments: mine.map((i) => investmentView(i, c.currency.scale, c.campaignEndDate)),
  } as const;
}

/** `word1:* & word2:*` of the letters and digits typed (at most 8 words), or null. */
export function prefixQuery(q: string | undefined): string | null {
  const words =
    (q ?? '')
      .toLowerCase()
      .match(/[\p{L}\p{N}]+/gu)
      ?.slice(0, 8) ?? [];
  return words.length ? words.map((w) => `${w}:*`).join(' & ') : null;
}

function parseCursor(cursor: string | undefined) {
  if (!cursor) return null;
  const [at, id] = cursor.split('_');
  if (!at || !id || !/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{6}$/.test(at) || !/^[0-9a-f-]{36}$/.test(id))
    throw validationError({ cursor: 'Invalid cursor.' });
  return { at, id };
}

/** Browse: raw SQL for the ids (Prisma has no tsvector), through the partial indexes on active campaigns; Prisma reads the 9. `db`: a replica (platform/db/replica.ts), the primary by default. */
export async function browseCampaigns(query: z.infer<typeof BrowseQuery>, db: ReadClient = getPrisma()) {
  const tsquery = prefixQuery(query.q);
  const after = parseCursor(query.cursor);
  const where = Prisma.join(
    [
      Prisma.sql`status = 'active'`,
      ...(tsquery ? [Prisma.sql`search_vector @@ to_tsquery('simple', ${tsquery})`] : []),
      ...(after ? [Prisma.sql`(created_at, id) < (${after.at}::timestamp AT TIME ZONE 'UTC', ${after.id}::uuid)`] : []),
    ],
    ' AND ',
  );
  // (the cursor's text must not be named created_at: ORDER BY would sort by it instead of the indexed column)
  // conditions chosen per request (Prisma.sql fragments): no generator can type it
  const rows = await db.$queryRaw<{ id: string; cursor_at: string }[]>`
    SELECT id, to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US') AS cursor_at
      FROM funding_campaigns WHERE ${where} ORDER BY created_at DESC, id DESC LIMIT ${PAGE_SIZE + 1}`;
  const page = rows.slice(0, PAGE_SIZE);
  const found = new Map(
    (await db.fundingCampaign.findMany({ where: { id: { in: page.map((r) => r.id) } }, include: campaignInclude })).map(
      (c) => [c.id, c],
    ),
  );
  return {
    campaigns: page
      .map((r) => found.get(r.id))
      .filter((c) => c !== undefined)
      .map((c) => campaignView(c)),
    next_cursor: rows.length > PAGE_SIZE ? `${page[page.length - 1]!.cursor_at}_${page[page.length - 1]!.id}` : null,
  };
}
