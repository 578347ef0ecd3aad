import crypto from 'node:crypto';
import type pg from 'pg';
import { getPool } from '../../../platform/db/pool.js';
import { Prisma, getPrisma } from '../../../platform/db/prisma.js';
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

type Db = Pick<pg.ClientBase, 'query'>;
interface LockedCampaign { id: string; status: string; owner: string; company_name: string; target: string; min: string; max: string | null; raised: string; end_date: Date | null; symbol: string; scale: number }

const CAMPAIGN_SQL = `SELECT c.id, c.status::text, c.created_by_profile_id AS owner, c.company_name, c.target_amount::text AS target, c.min_investment::text AS min,
            c.max_investment::text AS max, c.funds_raised::text AS raised, c.campaign_end_date AS end_date, a.symbol, a.scale
       FROM funding_campaigns c JOIN assets a ON a.id = c.asset_currency_id WHERE c.id = $1`;

async function lockCampaign(db: Db, id: string): Promise<LockedCampaign | undefined> {
  return (await db.query<LockedCampaign>(`${CAMPAIGN_SQL} FOR UPDATE OF c`, [id])).rows[0];
}
export const escrowLabel = (company: string) => `Investment: ${company}`;

/** The investment amount rules, in the product's words (above 0: the route's AmountInput). */
function checkAmount(amount: string, c: LockedCampaign) {
  const a = new Prisma.Decimal(amount);
  const shown = (v: string) => `${new Prisma.Decimal(v).toFixed(c.scale)} ${c.symbol}`;
  checkAssetScale(c, { amount });
  if (a.lt(c.min)) throw validationError({ amount: `Minimum investment is ${shown(c.min)}.` }, 'Amount Too Low');
  if (c.max && a.gt(c.max)) throw validationError({ amount: `Maximum investment is ${shown(c.max)}.` }, 'Amount Too High');
  const remaining = new Prisma.Decimal(c.target).minus(c.raised);
  if (a.gt(remaining)) throw conflict(remaining.gt(0) ? `Only ${remaining.toFixed(c.scale)} ${c.symbol} of the target remain.` : 'This campaign has reached its target.');
}

function checkOpen(c: LockedCampaign, now: Date) {
  if (c.status !== 'active') throw conflict('This campaign is not open for investment.');
  if (c.end_date && c.end_date <= now) throw conflict('This campaign has ended.');
}

/**
 * Everything an investment is refused for before the PIN (the quote, and the investment's first
 * step): who may invest, the campaign open, the amount rules, then the balance and the limits (the
 * ledger's outflow check). The investment checks all again under the campaign's lock.
 */
export async function quoteInvestment(userId: string, campaignId: string, amount: string, now = new Date()) {
  const campaign = await getPrisma().fundingCampaign.findUnique({ where: { id: campaignId }, select: { createdByProfileId: true, status: true, campaignEndDate: true } });
  if (!campaign || (campaign.status !== 'active' && campaign.createdByProfileId !== userId && !['funded', 'closed'].includes(campaign.status))) throw notFound(CAMPAIGN_NOT_FOUND);
  const restriction = await investRestriction(userId, campaign, now);
  if (restriction && restriction !== 'This campaign is not open for investment.' && restriction !== 'This campaign has ended.') throw new AppError(403, 'FORBIDDEN', restriction);
  const c = (await getPool().query<LockedCampaign>(CAMPAIGN_SQL, [campaignId])).rows[0]!;
  checkOpen(c, now);
  checkAmount(amount, c);
  await quoteOutflow(userId, c.symbol, amount);
  return { amount: new Prisma.Decimal(amount).toFixed(c.scale), asset_symbol: c.symbol };
}

export async function invest(userId: string, campaignId: string, amount: string, pin: string, idem: IdempotencyContext) {
  const now = new Date();
  await quoteInvestment(userId, campaignId, amount, now);
  await verifyPin(userId, pin);
  return runIdempotent(userId, idem, async (db) => {
    const c = (await lockCampaign(db, campaignId))!;
    checkOpen(c, now);
    checkAmount(amount, c);
    const id = crypto.randomUUID();
    const held = await hold(db, { reference: { type: 'investment', id }, payerId: userId, assetSymbol: c.symbol, amount, description: escrowLabel(c.company_name) });
    await db.query(`INSERT INTO investments (id, investor_profile_id, campaign_id, amount_invested, status, transaction_id) VALUES ($1, $2, $3, $4::numeric, 'pending_verification', $5)`,
      [id, userId, campaignId, amount, held.transactionId]);
    const { rows } = await db.query<{ raised: string }>('UPDATE funding_campaigns SET funds_raised = funds_raised + $2::numeric, updated_at = now() WHERE id = $1 RETURNING funds_raised::text AS raised', [campaignId, amount]);
    return { status: 201, body: await answer(db, id, c, rows[0]!.raised) };
  });
}

async function answer(db: Db, id: string, c: LockedCampaign, raised: string) {
  const { rows } = await db.query<Prisma.InvestmentGetPayload<object>>(
    `SELECT id, investor_profile_id AS "investorProfileId", campaign_id AS "campaignId", amount_invested::text AS "amountInvested", status, transaction_id AS "transactionId",
            created_at AS "createdAt", updated_at AS "updatedAt" FROM investments WHERE id = $1`, [id]);
  const row = rows[0]!;
  return { investment: investmentView({ ...row, amountInvested: new Prisma.Decimal(String(row.amountInvested)) }, c.scale, c.end_date), funds_raised: money(new Prisma.Decimal(raised), c.scale) };
}

export async function cancelInvestment(userId: string, investmentId: string, pin: string, idem: IdempotencyContext) {
  const mine = await getPrisma().investment.findFirst({ where: { id: investmentId, investorProfileId: userId }, select: { campaignId: true } });
  if (!mine) throw notFound('Investment not found.');
  await verifyPin(userId, pin);
  return runIdempotent(userId, idem, async (db) => {
    const c = (await lockCampaign(db, mine.campaignId))!;
    const { rows } = await db.query<{ status: string; amount: string }>('SELECT status::text, amount_invested::text AS amount FROM investments WHERE id = $1 FOR UPDATE', [investmentId]);
    const inv = rows[0]!;
    if (inv.status !== 'pending_verification' || c.status !== 'active') throw conflict('Only a pending investment in a live campaign can be cancelled.');
    if (c.end_date && Date.now() > c.end_date.getTime() - CANCEL_CUTOFF_MS) throw conflict('Investments can be cancelled until 48 hours before the end date.');
    await refund(db, { reference: { type: 'investment', id: investmentId }, description: escrowLabel(c.company_name) });
    await db.query(`UPDATE investments SET status = 'cancelled', updated_at = now() WHERE id = $1`, [investmentId]);
    const raised = await db.query<{ raised: string }>('UPDATE funding_campaigns SET funds_raised = funds_raised - $2::numeric, updated_at = now() WHERE id = $1 RETURNING funds_raised::text AS raised', [c.id, inv.amount]);
    return { status: 200, body: await answer(db, investmentId, c, raised.rows[0]!.raised) };
  });
}
