import { describe, expect, it } from 'vitest';
import { getPool } from '../../platform/db/pool.js';
import { campaignInput, campaignsTestClient, person, type Json } from './testing.js';

// A campaign someone can invest in (campaigns/routes.ts, docs/decisions.md "Amounts and dates in
// requests"): a target above zero, minimum investment <= maximum investment <= target, amounts the
// columns hold, an end date that exists and is ahead. Each refusal is a 400 naming the field, on
// create and on edit, and nothing is stored or changed.
const { call } = campaignsTestClient();

const campaignsOf = async (ownerId: string) =>
  (
    await getPool().query<{ target: string; min: string; max: string | null; end_date: string | null }>(
      `SELECT target_amount::text AS target, min_investment::text AS min, max_investment::text AS max, to_char(campaign_end_date AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS end_date
     FROM funding_campaigns WHERE created_by_profile_id = $1`,
      [ownerId],
    )
  ).rows;

const REFUSED: [Json, string, string][] = [
  [{ target_amount: '0' }, 'target_amount', 'The target amount must be greater than zero.'],
  [{ target_amount: '0.00' }, 'target_amount', 'The target amount must be greater than zero.'],
  [
    { target_amount: '1000.00', min_investment: '1500.00', max_investment: null },
    'min_investment',
    'The minimum investment cannot be above the target amount.',
  ],
  [
    { target_amount: '1000.00', min_investment: '50.00', max_investment: '1000.01' },
    'max_investment',
    'The maximum investment cannot be above the target amount.',
  ],
  [
    { min_investment: '600.00', max_investment: '500.00' },
    'max_investment',
    'The maximum must be at least the minimum investment.',
  ],
  [{ target_amount: '999999999999999999999999' }, 'target_amount', 'Amounts can be at most 999,999,999,999,999.'],
  [{ valuation: '10000.001' }, 'valuation', 'USD amounts allow at most 2 decimal places.'],
  [{ campaign_end_date: '2026-02-30' }, 'campaign_end_date', 'This date does not exist.'],
  [{ campaign_end_date: '0000-01-01' }, 'campaign_end_date', 'This date does not exist.'],
  [{ campaign_end_date: '1900-01-01' }, 'campaign_end_date', 'The end date must be in the future.'],
  [{ equity_offered_percentage: '10.00001' }, 'equity_offered_percentage', 'At most 4 decimal places.'],
];

describe('campaign amounts: target above zero, minimum <= maximum <= target, within the columns', () => {
  it('each impossible campaign is a 400 naming its field on create; nothing is stored', async () => {
    const owner = await person('Olga Owner');
    for (const [over, field, reason] of REFUSED) {
      const res = await call(owner.id, 'POST', '/', await campaignInput(over));
      expect({ over, status: res.status, reason: res.body.details?.fields?.[field] }).toEqual({
        over,
        status: 400,
        reason,
      });
    }
    expect(await campaignsOf(owner.id)).toEqual([]);
  });

  it('each is refused on edit too, and the draft keeps what it had', async () => {
    const owner = await person('Olga Owner');
    const draft = await call(owner.id, 'POST', '/', await campaignInput({ campaign_end_date: '2027-03-31' }));
    expect(draft.status).toBe(201);
    for (const [over, field, reason] of REFUSED) {
      const res = await call(owner.id, 'PATCH', `/${draft.body.campaign.id}`, await campaignInput(over));
      expect({ over, status: res.status, reason: res.body.details?.fields?.[field] }).toEqual({
        over,
        status: 400,
        reason,
      });
    }
    expect(await campaignsOf(owner.id)).toEqual([
      {
        target: '1000.000000000000000000',
        min: '50.000000000000000000',
        max: '500.000000000000000000',
        end_date: '2027-03-31',
      },
    ]);
  });

  it('the bounds themselves are allowed: minimum = maximum = target, and no maximum with minimum = target', async () => {
    const owner = await person('Olga Owner');
    const equal = await call(
      owner.id,
      'POST',
      '/',
      await campaignInput({ target_amount: '1000.00', min_investment: '1000.00', max_investment: '1000.00' }),
    );
    expect(equal.status).toBe(201);
    expect(equal.body.campaign).toMatchObject({
      target_amount: '1000.00',
      min_investment: '1000.00',
      max_investment: '1000.00',
    });
    const noMax = await call(
      owner.id,
      'POST',
      '/',
      await campaignInput({ target_amount: '1000.00', min_investment: '1000.00', max_investment: '' }),
    );
    expect(noMax.status).toBe(201);
    expect(noMax.body.campaign).toMatchObject({ min_investment: '1000.00', max_investment: null });
  });
});
