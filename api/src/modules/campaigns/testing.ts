import crypto from 'node:crypto';
import { expect } from 'vitest';
import { getPool } from '../../platform/db/pool.js';
import { checkBooks } from '../../platform/ledger/index.js';
import { hashPin } from '../../platform/pin/index.js';
import { exact } from '../../../test/decimal.js';
import { bearer, createTestApp, createUser, deposit } from '../../../test/helpers.js';

/** What the campaigns' API tests share: an app with the module, calls as a user, parties, money checks. */
export type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
export const PIN = '3579';
export const key = () => crypto.randomUUID();

export function campaignsTestClient() {
  const app = createTestApp(['campaigns']);
  async function call(
    userId: string,
    method: string,
    path: string,
    body?: unknown,
    headers: Record<string, string> = {},
    admin = false,
  ) {
    // the module's root is /api/campaigns itself (browse, create): '/' and '/?q=' name it
    const res = await app.request(`/api/campaigns${path === '/' || path.startsWith('/?') ? path.slice(1) : path}`, {
      method,
      headers: {
        ...(await bearer(userId, admin)),
        ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
        ...headers,
      },
      body: body !== undefined ? JSON.stringify(body) : undefined,
    });
    return { status: res.status, body: (await res.json().catch(() => ({}))) as Json };
  }
  const invest = (userId: string, campaignId: string, amount: string, idem = key(), pin = PIN) =>
    call(userId, 'POST', `/${campaignId}/investments`, { amount, pin }, { 'Idempotency-Key': idem });
  /** A campaign of the owner's, submitted and approved by the admin: its id. */
  async function liveCampaign(owner: { id: string }, admin: { id: string }, over: Json = {}) {
    const draft = await call(owner.id, 'POST', '/', await campaignInput(over));
    expect(draft.status, JSON.stringify(draft.body)).toBe(201);
    const id = draft.body.campaign.id as string;
    expect((await call(owner.id, 'POST', `/${id}/submit`)).body.campaign.status).toBe('pending_approval');
    expect((await call(admin.id, 'POST', `/review/${id}/approve`, undefined, {}, true)).body.campaign.status).toBe(
      'active',
    );
    return id;
  }
  return { app, call, invest, liveCampaign };
}

/** A user with a PIN; `investor` makes them a KYC-verified accredited investor. */
export async function person(fullName: string, opts: { usd?: string; investor?: boolean; admin?: boolean } = {}) {
  const u = await createUser({ fullName, admin: opts.admin, kyc: opts.investor ? 'verified' : undefined });
  await getPool().query('UPDATE profiles SET transaction_pin_hash = $2, is_accredited_investor = $3 WHERE id = $1', [
    u.id,
    hashPin(u.id, PIN),
    Boolean(opts.investor),
  ]);
  if (opts.usd) await deposit(u.id, 'USD', opts.usd);
  return u;
}

export const usdId = async () =>
  (await getPool().query(`SELECT id FROM assets WHERE symbol = 'USD'`)).rows[0].id as string;
export const campaignInput = async (over: Json = {}) => ({
  company_name: 'Sunny Bakery Ltd',
  tagline: 'Bread for the neighbourhood',
  description: 'We bake sourdough and sell it in three shops.',
  target_amount: '1000.00',
  min_investment: '50.00',
  max_investment: '500.00',
  equity_offered_percentage: '10',
  valuation: '10000.00',
  campaign_end_date: new Date(Date.now() + 10 * 86_400_000).toISOString().slice(0, 10),
  asset_currency_id: await usdId(),
  website_url: 'https://sunny.example',
  ...over,
});

export const balance = async (userId: string) =>
  exact(
    (
      await getPool().query(
        `SELECT coalesce((SELECT w.balance FROM user_wallets w JOIN assets a ON a.id = w.asset_id WHERE w.user_id = $1 AND a.symbol = 'USD'), 0)::text AS b`,
        [userId],
      )
    ).rows[0].b,
  );
export const systemBalance = async (code: 'escrow' | 'fees') =>
  exact(
    (
      await getPool().query(
        `SELECT b.balance::text AS b FROM system_account_balances b JOIN assets a ON a.id = b.asset_id WHERE b.code = $1 AND a.symbol = 'USD'`,
        [code],
      )
    ).rows[0].b,
  );
export const expectBooks = async () => expect((await checkBooks()).problems).toEqual([]);
/** funds_raised and the sum of the live investments, which must be equal. */
export async function raisedAndSum(campaignId: string) {
  const { rows } = await getPool().query(
    `SELECT funds_raised::numeric AS raised, (SELECT coalesce(sum(amount_invested), 0) FROM investments WHERE campaign_id = $1 AND status IN ('pending_verification', 'confirmed')) AS sum
    FROM funding_campaigns WHERE id = $1`,
    [campaignId],
  );
  return { raised: exact(rows[0].raised), sum: exact(rows[0].sum) };
}
