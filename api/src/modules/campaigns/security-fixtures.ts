import crypto from 'node:crypto';
import { getPool } from '../../platform/db/pool.js';
import { hashPin } from '../../platform/pin/index.js';
import { createUser, deposit } from '../../../test/helpers.js';
import type { SecurityFixtures } from '../../../test/security/fixtures.js';
import { CampaignInput } from './campaigns/routes.js';
import { createCampaign } from './campaigns/service.js';
import { invest } from './investments/service.js';

/**
 * Security-suite fixtures (test/security/fixtures.ts): real campaigns in the state each route needs,
 * owned by the party the matrix names; investors made KYC-verified and accredited, with a PIN and money.
 */
const PIN = '1357';
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);
const idem = () => ({ 'idempotency-key': crypto.randomUUID() });
const usd = async () => (await getPool().query(`SELECT id FROM assets WHERE symbol = 'USD'`)).rows[0].id as string;
const input = async () => ({
  company_name: 'Security Suite Ltd',
  description: 'Made by the security suite',
  target_amount: '100000.00',
  min_investment: '1.00',
  max_investment: null,
  equity_offered_percentage: '5',
  valuation: null,
  campaign_end_date: new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10),
  asset_currency_id: await usd(),
});
async function investor(id: string) {
  await getPool().query(
    `UPDATE profiles SET transaction_pin_hash = $2, pin_failed_attempts = 0, pin_locked_until = NULL, is_accredited_investor = true, kyc_status = 'verified' WHERE id = $1`,
    [id, hashPin(id, PIN)],
  );
  await deposit(id, 'USD', '20.00');
}
/** A campaign of `ownerId` (a fresh user when omitted) in the given state. */
async function campaign(ownerId?: string, status: 'draft' | 'pending_approval' | 'active' = 'active') {
  const owner = ownerId ?? (await createUser()).id;
  const { campaign: c } = await createCampaign(owner, CampaignInput.parse(await input()));
  if (status !== 'draft')
    await getPool().query(
      `UPDATE funding_campaigns SET status = $2::campaign_status, submitted_at = now() WHERE id = $1`,
      [c.id, status],
    );
  return c.id as string;
}

export const securityFixtures: SecurityFixtures = {
  'POST /api/campaigns': async () => ({ body: await input(), expect: [201] }),
  'GET /api/campaigns/{id}': async () => ({ params: { id: await campaign() } }),
  'PATCH /api/campaigns/{id}': async ({ owner }) => {
    const id = await campaign(owner.id, 'draft');
    return { params: { id }, body: await input(), secrets: [id] };
  },
  'POST /api/campaigns/{id}/submit': async ({ owner }) => {
    const id = await campaign(owner.id, 'draft');
    return { params: { id }, secrets: [id] };
  },
  'POST /api/campaigns/{id}/logo': async ({ owner }) => {
    const id = await campaign(owner.id, 'draft');
    return { params: { id }, form: { file: new Blob([PNG], { type: 'image/png' }) }, secrets: [id] };
  },
  'POST /api/campaigns/{id}/updates': async ({ owner }) => {
    const id = await campaign(owner.id);
    return {
      params: { id },
      body: { title: 'Suite update', content: 'From the security suite' },
      secrets: [id],
      expect: [201],
    };
  },
  'POST /api/campaigns/{id}/comments': async () => ({
    params: { id: await campaign() },
    body: { comment_text: 'security suite' },
    expect: [201],
  }),
  'GET /api/campaigns/{id}/investments/quote': async ({ caller }) => {
    if (caller) await investor(caller.id);
    return { params: { id: await campaign() }, query: { amount: '1.00' }, expect: [200] };
  },
  'POST /api/campaigns/{id}/investments': async ({ caller }) => {
    if (caller) await investor(caller.id);
    return { params: { id: await campaign() }, headers: idem(), body: { amount: '1.00', pin: PIN }, expect: [201] };
  },
  'POST /api/campaigns/investments/{id}/cancel': async ({ owner, caller }) => {
    await investor(owner.id);
    const made = await invest(owner.id, await campaign(), '1.00', PIN, {
      key: crypto.randomUUID(),
      requestHash: 'fixture',
    });
    const id = (made.body as { investment: { id: string } }).investment.id;
    if (caller) await investor(caller.id);
    return { params: { id }, headers: idem(), body: { pin: PIN }, secrets: [id] };
  },
  'POST /api/campaigns/review/{id}/approve': async () => ({
    params: { id: await campaign(undefined, 'pending_approval') },
  }),
  'POST /api/campaigns/review/{id}/reject': async () => ({
    params: { id: await campaign(undefined, 'pending_approval') },
    body: { reason: 'security suite' },
  }),
};
