import { getPrisma } from '../../platform/db/prisma.js';
import { inTransaction } from '../../platform/db/transaction.js';
import { release, refund } from '../../platform/ledger/escrow.js';
import { logger } from '../../platform/logger.js';
import { notify } from '../../platform/notifications/index.js';
import { wantsEmail } from '../../platform/notifications/preferences.js';
import { sendEmail } from '../../platform/outbound/index.js';
import { escrowLabel } from './investments/service.js';

/**
 * The scheduled end of campaigns (issue 16: all or nothing). An active campaign whose end date has
 * passed is, in ONE transaction with its row locked (SKIP LOCKED: another process has it):
 * - funded when funds_raised reached the target: every pending investment confirmed, its escrow
 *   released to the owner minus the fee schedule's 'investment' fee;
 * - closed otherwise: every pending investment refunded in full.
 * The investors and the owner are told by e-mail after the commit. `run(now)` takes the clock.
 */
export async function closeEndedCampaigns(now: Date): Promise<{ funded: number; closed: number }> {
  const due = await getPrisma().fundingCampaign.findMany({ where: { status: 'active', campaignEndDate: { lte: now } }, select: { id: true }, orderBy: { campaignEndDate: 'asc' }, take: 100 });
  const out = { funded: 0, closed: 0 };
  for (const { id } of due) {
    const result = await inTransaction(async (db) => {
      const { rows } = await db.query<{ owner: string; company_name: string; funded: boolean; status: string; end_date: Date | null }>(
        `SELECT created_by_profile_id AS owner, company_name, funds_raised >= target_amount AS funded, status::text, campaign_end_date AS end_date
           FROM funding_campaigns WHERE id = $1 FOR UPDATE SKIP LOCKED`, [id]);
      const c = rows[0];
      if (!c || c.status !== 'active' || !c.end_date || c.end_date > now) return null;
      const live = await db.query<{ id: string; investor: string; amount: string; symbol: string }>(
        `SELECT i.id, i.investor_profile_id AS investor, round(i.amount_invested, a.scale)::text AS amount, a.symbol
           FROM investments i JOIN funding_campaigns f ON f.id = i.campaign_id JOIN assets a ON a.id = f.asset_currency_id WHERE i.campaign_id = $1 AND i.status = 'pending_verification' ORDER BY i.created_at FOR UPDATE OF i`, [id]);
      for (const inv of live.rows) {
        const reference = { type: 'investment', id: inv.id };
        if (c.funded) await release(db, { reference, to: { userId: c.owner }, feeType: 'investment', description: escrowLabel(c.company_name) });
        else await refund(db, { reference, description: escrowLabel(c.company_name) });
        await notify(db, { userId: inv.investor, kind: c.funded ? 'investment_confirmed' : 'investment_refunded', link: `/campaign/${id}`, data: { title: c.company_name, amount: inv.amount, asset: inv.symbol } });
      }
      await db.query(`UPDATE investments SET status = $2::investment_status, updated_at = $3 WHERE campaign_id = $1 AND status = 'pending_verification'`, [id, c.funded ? 'confirmed' : 'refunded', now]);
      await notify(db, { userId: c.owner, kind: c.funded ? 'campaign_funded' : 'campaign_failed', link: `/campaign/${id}`, data: { title: c.company_name } });
      await db.query(`UPDATE funding_campaigns SET status = $2::campaign_status, closed_at = $3, updated_at = $3${c.funded ? '' : ', funds_raised = 0'} WHERE id = $1`, [id, c.funded ? 'funded' : 'closed', now]);
      return { ...c, id };
    });
    if (!result) continue;
    out[result.funded ? 'funded' : 'closed'] += 1;
    await tell(result.id, result.owner, result.company_name, result.funded).catch((err: unknown) => logger.error({ err, campaign: result.id }, 'campaign closing e-mails'));
  }
  return out;
}

async function tell(campaignId: string, ownerId: string, company: string, funded: boolean) {
  const db = getPrisma();
  const owner = await db.user.findUnique({ where: { id: ownerId }, select: { email: true } });
  const investors = await db.investment.findMany({ where: { campaignId, status: funded ? 'confirmed' : 'refunded' }, select: { investorProfileId: true, investor: { select: { user: { select: { email: true } } } } }, distinct: ['investorProfileId'] });
  if (owner && await wantsEmail(ownerId, funded ? 'campaign_funded' : 'campaign_failed')) {
    await sendEmail({ to: owner.email, userId: ownerId, subject: funded ? `${company} is funded` : `${company} closed without reaching its target`,
      text: funded ? `Your campaign reached its target. The investments, minus the platform fee, are in your wallet.` : `Your campaign ended below its target. Every investment was returned to its investor.` });
  }
  for (const i of investors) {
    if (!(await wantsEmail(i.investorProfileId, funded ? 'investment_confirmed' : 'investment_refunded'))) continue;
    await sendEmail({ to: i.investor.user.email, userId: i.investorProfileId, subject: funded ? `${company} is funded: your investment is confirmed` : `${company} did not reach its target: your investment is refunded`,
      text: funded ? `The campaign reached its target; your investment in ${company} is confirmed.` : `The campaign ended below its target; your investment in ${company} was returned to your wallet in full.` });
  }
}
