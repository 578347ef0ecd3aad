import crypto from 'node:crypto';
import type pg from 'pg';
import { lockRow } from '../../../platform/db/lock.js';
import { Prisma, getPrisma, type PrismaTx } from '../../../platform/db/prisma.js';
import type { Investment } from '../../../generated/prisma/client.js';
import { AppError, conflict, notFound, validationError } from '../../../platform/errors.js';
import { runIdempotent, type IdempotencyContext } from '../../../platform/idempotency/index.js';
import { checkAssetScale } from '../../../platform/http/fields.js';
import { hold, quoteOutflow, refund } from '../../../platform/ledger/index.js';
import { verifyPin } from '../../../platform/pin/index.js';
import { CAMPAIGN_NOT_FOUND, investRestriction } from '../campaigns/service.js';
import { CANCEL_CUTOFF_MS, investmentView, money } from '../views.js';

// Investing and cancelling, on one database transaction each: the campaign row is locked first (so
// investments in one campaign queue behind each other and funds_raised stays the sum of the live
// investments), then the ledger locks the wallets.

const campaignSelect = {
  id: true,
  status: true,
  createdByProfileId: true,
  companyName: true,
  targetAmount: true,
  minInvestment: true,
  maxInvestment: true,
  fundsRaised: true,
  campaignEndDate: true,
  currency: { select: { symbol: true, scale: true } },
} satisfies Prisma.FundingCampaignSelect;
type Campaign = Prisma.FundingCampaignGetPayload<{ select: typeof campaignSelect }>;

/** The campaign, locked until the transaction ends (investments of one campaign queue behind each other). */
async function lockCampaign(db: pg.ClientBase, tx: PrismaTx, id: string): Promise<Campaign> {
  await lockRow(db, 'funding_campaigns', id);
  return tx.fundingCampaign.findUniqueOrThrow({ where: { id }, select: campaignSelect });
}
export const escrowLabel = (company: string) => `Investment: ${company}`;

/** The investment amount rules, in the product's words (above 0: the route's AmountInput). */
function checkAmount(amount: string, c: Campaign) {
  const a = new Prisma.Decimal(amount);
  const { symbol, scale } = c.currency;
  const shown = (v: Prisma.Decimal) => `${v.toFixed(scale)} ${symbol}`;
  checkAssetScale(c.currency, { amount });
  if (a.lt(c.minInvestment))
    throw validationError({ amount: `Minimum investment is ${shown(c.minInvestment)}.` }, 'Amount Too Low');
  if (c.maxInvestment && a.gt(c.maxInvestment))
    throw validationError({ amount: `Maximum investment is ${shown(c.maxInvestment)}.` }, 'Amount Too High');
  const remaining = c.targetAmount.minus(c.fundsRaised);
  if (a.gt(remaining))
    throw conflict(
      remaining.gt(0)
        ? `Only ${remaining.toFixed(scale)} ${symbol} of the target remain.`
        : 'This campaign has reached its target.',
    );
}

function checkOpen(c: Campaign, now: Date) {
  if (c.status !== 'active') throw conflict('This campaign is not open for investment.');
  if (c.campaignEndDate && c.campaignEndDate <= now) throw conflict('This campaign has ended.');
}

/**
 * Everything an investment is refused for before the PIN (the quote, and the investment's first
 * step): who may invest, the campaign open, the amount rules, then the balance and the limits (the
 * ledger's outflow check). The investment checks all again under the campaign's lock.
 */
export async function quoteInvestment(userId: string, campaignId: string, amount: string, now = new Date()) {
  const campaign = await getPrisma().fundingCampaign.findUnique({
    where: { id: campaignId },
    select: { createdByProfileId: true, status: true, campaignEndDate: true },
  });
  if (
    !campaign ||
    (campaign.status !== 'active' &&
      campaign.createdByProfileId !== userId &&
      !['funded', 'closed'].includes(campaign.status))
  )
    throw notFound(CAMPAIGN_NOT_FOUND);
  const restriction = await investRestriction(userId, campaign, now);
  if (
    restriction &&
    restriction !== 'This campaign is not open for investment.' &&
    restriction !== 'This campaign has ended.'
  )
    throw new AppError(403, 'FORBIDDEN', restriction);
  const c = await getPrisma().fundingCampaign.findUniqueOrThrow({ where: { id: campaignId }, select: campaignSelect });
  checkOpen(c, now);
  checkAmount(amount, c);
  await quoteOutflow(userId, c.currency.symbol, amount);
  return { amount: new Prisma.Decimal(amount).toFixed(c.currency.scale), asset_symbol: c.currency.symbol };
}

export async function invest(
  userId: string,
  campaignId: string,
  amount: string,
  pin: string,
  idem: IdempotencyContext,
) {
  const now = new Date();
  await quoteInvestment(userId, campaignId, amount, now);
  await verifyPin(userId, pin);
  return runIdempotent(userId, idem, async (db, tx) => {
    const c = await lockCampaign(db, tx, campaignId);
    checkOpen(c, now);
    checkAmount(amount, c);
    const id = crypto.randomUUID();
    const held = await hold(db, {
      reference: { type: 'investment', id },
      payerId: userId,
      assetSymbol: c.currency.symbol,
      amount,
      description: escrowLabel(c.companyName),
    });
    const investment = await tx.investment.create({
      data: {
        id,
        investorProfileId: userId,
        campaignId,
        amountInvested: amount,
        status: 'pending_verification',
        transactionId: held.transactionId,
      },
    });
    const { fundsRaised } = await tx.fundingCampaign.update({
      where: { id: campaignId },
      data: { fundsRaised: { increment: amount }, updatedAt: new Date() },
      select: { fundsRaised: true },
    });
    return { status: 201 as const, body: answer(investment, c, fundsRaised) };
  });
}

const answer = (investment: Investment, c: Campaign, raised: Prisma.Decimal) => ({
  investment: investmentView(investment, c.currency.scale, c.campaignEndDate),
  funds_raised: money(raised, c.currency.scale),
});

export async function cancelInvestment(userId: string, investmentId: string, pin: string, idem: IdempotencyContext) {
  const mine = await getPrisma().investment.findFirst({
    where: { id: investmentId, investorProfileId: userId },
    select: { campaignId: true },
  });
  if (!mine) throw notFound('Investment not found.');
  await verifyPin(userId, pin);
  return runIdempotent(userId, idem, async (db, tx) => {
    const c = await lockCampaign(db, tx, mine.campaignId);
    await lockRow(db, 'investments', investmentId);
    const inv = await tx.investment.findUniqueOrThrow({
      where: { id: investmentId },
      select: { status: true, amountInvested: true },
    });
    if (inv.status !== 'pending_verification' || c.status !== 'active')
      throw conflict('Only a pending investment in a live campaign can be cancelled.');
    if (c.campaignEndDate && Date.now() > c.campaignEndDate.getTime() - CANCEL_CUTOFF_MS)
      throw conflict('Investments can be cancelled until 48 hours before the end date.');
    await refund(db, { reference: { type: 'investment', id: investmentId }, description: escrowLabel(c.companyName) });
    const now = new Date();
    const investment = await tx.investment.update({
      where: { id: investmentId },
      data: { status: 'cancelled', updatedAt: now },
    });
    const { fundsRaised } = await tx.fundingCampaign.update({
      where: { id: c.id },
      data: { fundsRaised: { decrement: inv.amountInvested }, updatedAt: now },
      select: { fundsRaised: true },
    });
    return { status: 200 as const, body: answer(investment, c, fundsRaised) };
  });
}
