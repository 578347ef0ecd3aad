import { lockRow } from '../../platform/db/lock.js';
import { getPrisma } from '../../platform/db/prisma.js';
import { inTransaction } from '../../platform/db/transaction.js';
import { release, refund } from '../../platform/ledger/escrow.js';
import { logger } from '../../platform/logger.js';
import { notify } from '../../platform/notifications/index.js';
import { wantsEmail } from '../../platform/notifications/preferences.js';
import { sendEmail } from '../../platform/outbound/index.js';
import { escrowLabel } from './investments/service.js';

/**
 * The scheduled end of campaigns (all or nothing). An active campaign whose end date has
 * passed is, in ONE transaction with its row locked (SKIP LOCKED: another process has it):
 * - funded when funds_raised reached the target: every pending investment confirmed, its escrow
 *   released to the owner minus the fee schedule's 'investment' fee;
 * - closed otherwise: every pending investment refunded in full.
 * The investors and the owner are told by e-mail after the commit. `run(now)` takes the clock.
 */
export async function closeEndedCampaigns(now: Date): Promise<{ funded: number; closed: number }> {
  const due = await getPrisma().fundingCampaign.findMany({
    where: { status: 'active', campaignEndDate: { lte: now } },
    select: { id: true },
    orderBy: { campaignEndDate: 'asc' },
    take: 100,
  });
  const out = { funded: 0, closed: 0 };
  for (const { id } of due) {
    const result = await inTransaction(async (db, tx) => {
      if (!(await lockRow(db, 'funding_campaigns', id, { skipLocked: true }))) return null;
      const c = await tx.fundingCampaign.findUniqueOrThrow({
        where: { id },
        select: {
          createdByProfileId: true,
          companyName: true,
          fundsRaised: true,
          targetAmount: true,
          status: true,
          campaignEndDate: true,
          currency: { select: { symbol: true, scale: true } },
        },
      });
      if (c.status !== 'active' || !c.campaignEndDate || c.campaignEndDate > now) return null;
      const funded = c.fundsRaised.gte(c.targetAmount);
      const asset = c.currency;
      const live = await tx.investment.findMany({
        where: { campaignId: id, status: 'pending_verification' },
        select: { id: true, investorProfileId: true, amountInvested: true },
        orderBy: { createdAt: 'asc' },
      });
      for (const inv of live) {
        await lockRow(db, 'investments', inv.id);
        const reference = { type: 'investment', id: inv.id };
        if (funded)
          await release(db, {
            reference,
            to: { userId: c.createdByProfileId },
            feeType: 'investment',
            description: escrowLabel(c.companyName),
          });
        else await refund(db, { reference, description: escrowLabel(c.companyName) });
        await notify(db, {
          userId: inv.investorProfileId,
          kind: funded ? 'investment_confirmed' : 'investment_refunded',
          link: `/campaign/${id}`,
          data: { title: c.companyName, amount: inv.amountInvested.toFixed(asset.scale), asset: asset.symbol },
        });
      }
      await tx.investment.updateMany({
        where: { campaignId: id, status: 'pending_verification' },
        data: { status: funded ? 'confirmed' : 'refunded', updatedAt: now },
      });
      await notify(db, {
        userId: c.createdByProfileId,
        kind: funded ? 'campaign_funded' : 'campaign_failed',
        link: `/campaign/${id}`,
        data: { title: c.companyName },
      });
      await tx.fundingCampaign.update({
        where: { id },
        data: {
          status: funded ? 'funded' : 'closed',
          closedAt: now,
          updatedAt: now,
          ...(funded ? {} : { fundsRaised: 0 }),
        },
      });
      return { id, owner: c.createdByProfileId, company: c.companyName, funded };
    });
    if (!result) continue;
    out[result.funded ? 'funded' : 'closed'] += 1;
    await tell(result.id, result.owner, result.company, result.funded).catch((err: unknown) =>
      logger.error({ err, campaign: result.id }, 'campaign closing e-mails'),
    );
  }
  return out;
}

async function tell(campaignId: string, ownerId: string, company: string, funded: boolean) {
  const db = getPrisma();
  const owner = await db.user.findUnique({ where: { id: ownerId }, select: { email: true } });
  const investors = await db.investment.findMany({
    where: { campaignId, status: funded ? 'confirmed' : 'refunded' },
    select: { investorProfileId: true, investor: { select: { user: { select: { email: true } } } } },
    distinct: ['investorProfileId'],
  });
  if (owner && (await wantsEmail(ownerId, funded ? 'campaign_funded' : 'campaign_failed'))) {
    await sendEmail({
      to: owner.email,
      userId: ownerId,
      subject: funded ? `${company} is funded` : `${company} closed without reaching its target`,
      text: funded
        ? `Your campaign reached its target. The investments, minus the platform fee, are in your wallet.`
        : `Your campaign ended below its target. Every investment was returned to its investor.`,
    });
  }
  for (const i of investors) {
    if (!(await wantsEmail(i.investorProfileId, funded ? 'investment_confirmed' : 'investment_refunded'))) continue;
    await sendEmail({
      to: i.investor.user.email,
      userId: i.investorProfileId,
      subject: funded
        ? `${company} is funded: your investment is confirmed`
        : `${company} did not reach its target: your investment is refunded`,
      text: funded
        ? `The campaign reached its target; your investment in ${company} is confirmed.`
        : `The campaign ended below its target; your investment in ${company} was returned to your wallet in full.`,
    });
  }
}
