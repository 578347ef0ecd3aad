import { beforeAll, describe, expect, it } from 'vitest';
import { getPool } from '../../platform/db/pool.js';
import { readOutbox } from '../../platform/outbound/index.js';
import { closeEndedCampaigns } from './closing.js';
import { END_DATE_PASSED } from './review/service.js';
import { minus } from '../../../test/decimal.js';
import {
  balance,
  campaignInput,
  campaignsTestClient,
  expectBooks,
  person,
  raisedAndSum,
  systemBalance,
  type Json,
} from './testing.js';

// Draft -> review -> live; investments held in escrow; all or nothing at the end date (the
// job with a moved clock); balances, the escrow and fee accounts and the books after each step.
const { call, invest, liveCampaign } = campaignsTestClient();
const endOf = async (id: string) =>
  new Date(
    (await getPool().query('SELECT campaign_end_date FROM funding_campaigns WHERE id = $1', [id])).rows[0]
      .campaign_end_date,
  );

describe('a campaign from draft to funded, and one that closes unfunded', () => {
  let owner: { id: string; email: string },
    admin: { id: string },
    a: { id: string; email: string },
    b: { id: string; email: string };
  beforeAll(async () => {
    owner = await person('Olive Owner');
    admin = await person('Ada Admin', { admin: true });
    a = await person('Ann Investor', { usd: '2000.00', investor: true });
    b = await person('Ben Investor', { usd: '2000.00', investor: true });
  });

  it('funded: drafts are private, review makes it live, investments move to escrow, at the end date the owner gets them minus 2%', async () => {
    const draft = await call(owner.id, 'POST', '/', await campaignInput());
    expect(draft.body.campaign).toMatchObject({ status: 'draft', funds_raised: '0.00', progress_percent: 0 });
    const id = draft.body.campaign.id;
    expect((await call(a.id, 'GET', `/${id}`)).status, "a draft is its owner's only").toBe(404);
    expect((await call(owner.id, 'POST', `/${id}/submit`)).status).toBe(200);
    expect((await call(owner.id, 'POST', `/review/${id}/approve`)).status, 'only admins approve').toBe(403);
    // rejected with a reason the owner sees; edited and resubmitted
    const rejected = await call(admin.id, 'POST', `/review/${id}/reject`, { reason: 'Add your team.' }, {}, true);
    expect(rejected.body.campaign).toMatchObject({ status: 'rejected', rejection_reason: 'Add your team.' });
    expect(
      (await call(owner.id, 'PATCH', `/${id}`, await campaignInput({ team_description: 'Two bakers and a driver.' })))
        .body.campaign.team_description,
    ).toBe('Two bakers and a driver.');
    await call(owner.id, 'POST', `/${id}/submit`);
    expect((await call(admin.id, 'POST', `/review/${id}/approve`, undefined, {}, true)).body.campaign.status).toBe(
      'active',
    );
    const audit = await getPool().query(`SELECT action FROM audit_log WHERE subject = $1 ORDER BY id`, [
      `campaign:${id}`,
    ]);
    expect(audit.rows.map((r) => r.action)).toEqual(['admin.campaign.reject', 'admin.campaign.approve']);
    expect((await call(owner.id, 'PATCH', `/${id}`, await campaignInput())).status, 'no edits once live').toBe(409);

    const escrow0 = await systemBalance('escrow');
    const fees0 = await systemBalance('fees');
    const first = await invest(a.id, id, '500.00');
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    const second = await invest(b.id, id, '500.00');
    expect(second.status).toBe(201);
    expect(second.body).toMatchObject({
      investment: { status: 'pending_verification', amount_invested: '500.00' },
      funds_raised: '1000.00',
    });
    expect([await balance(a.id), await balance(b.id)]).toEqual(['1500', '1500']);
    expect(minus(await systemBalance('escrow'), escrow0)).toBe('1000');
    const page = (await call(a.id, 'GET', `/${id}`)).body;
    expect(page.campaign).toMatchObject({ progress_percent: 100, investor_count: 2, funds_raised: '1000.00' });
    expect(page.my_investments).toMatchObject([{ amount_invested: '500.00', status: 'pending_verification' }]);
    expect((await invest(a.id, id, '50.00')).body.error, 'the target is reached').toBe(
      'This campaign has reached its target.',
    );
    await expectBooks();

    // an update reaches both investors by e-mail
    const update = await call(owner.id, 'POST', `/${id}/updates`, {
      title: 'Second oven',
      content: 'It arrives next week.',
    });
    expect(update.body.emailed).toBe(2);
    expect((await readOutbox({ recipient: b.email })).map((m) => m.subject)).toContain('Sunny Bakery Ltd: Second oven');

    // not before the end date; after it: funded, investments confirmed, the owner gets 1000 - 2%
    expect(await closeEndedCampaigns(new Date())).toEqual({ funded: 0, closed: 0 });
    const after = new Date((await endOf(id)).getTime() + 1000);
    await closeEndedCampaigns(after);
    const closed = (await call(owner.id, 'GET', `/${id}`)).body.campaign;
    expect(closed).toMatchObject({ status: 'funded', funds_raised: '1000.00' });
    expect(await balance(owner.id)).toBe('980');
    expect(minus(await systemBalance('fees'), fees0)).toBe('20');
    expect(minus(await systemBalance('escrow'), escrow0)).toBe('0');
    expect(
      (await call(a.id, 'GET', '/my/investments')).body.investments.find((i: Json) => i.campaign.id === id),
    ).toMatchObject({ status: 'confirmed' });
    expect((await readOutbox({ recipient: owner.email })).map((m) => m.subject)).toContain(
      'Sunny Bakery Ltd is funded',
    );
    await closeEndedCampaigns(after);
    expect(await balance(owner.id), 'a second run pays nothing twice').toBe('980');
    await expectBooks();
  });

  it('unfunded: below the target at the end date, every investment is refunded in full and the investors are told', async () => {
    const id = await liveCampaign(owner, admin, { company_name: 'Rainy Umbrellas' });
    const [a0, b0] = [await balance(a.id), await balance(b.id)];
    await invest(a.id, id, '100.00');
    await invest(b.id, id, '250.00');
    expect([await balance(a.id), await balance(b.id)]).toEqual([minus(a0, '100'), minus(b0, '250')]);
    await closeEndedCampaigns(new Date((await endOf(id)).getTime() + 1000));
    expect((await call(a.id, 'GET', `/${id}`)).body.campaign).toMatchObject({ status: 'closed', funds_raised: '0.00' });
    expect([await balance(a.id), await balance(b.id)]).toEqual([a0, b0]);
    expect(
      (await call(b.id, 'GET', '/my/investments')).body.investments.find((i: Json) => i.campaign.id === id),
    ).toMatchObject({ status: 'refunded' });
    expect((await readOutbox({ recipient: a.email })).map((m) => m.subject)).toContain(
      'Rainy Umbrellas did not reach its target: your investment is refunded',
    );
    await expectBooks();
  });

  it("who may invest: not the owner, only KYC-verified accredited investors (403 in the spec's words), within min and max, with the money", async () => {
    const id = await liveCampaign(owner, admin, { company_name: 'Rules Ltd' });
    const plain = await person('Pat Plain', { usd: '500.00' });
    const restricted = await invest(plain.id, id, '100.00');
    expect(restricted.status).toBe(403);
    expect(restricted.body.error).toBe(
      'Investment in this campaign is restricted to KYC-approved accredited investors.',
    );
    expect((await call(plain.id, 'GET', `/${id}`)).body).toMatchObject({
      can_invest: false,
      restriction: 'Investment in this campaign is restricted to KYC-approved accredited investors.',
    });
    expect((await invest(owner.id, id, '100.00')).status).toBe(403);
    expect((await invest(a.id, id, '10.00')).body.details.fields.amount).toBe('Minimum investment is 50.00 USD.');
    expect((await invest(a.id, id, '501.00')).body.details.fields.amount).toBe('Maximum investment is 500.00 USD.');
    expect((await invest(a.id, id, '0')).body.details.fields.amount).toBe('Please enter a valid investment amount.');
    const poor = await person('Paul Poor', { usd: '60.00', investor: true });
    expect((await invest(poor.id, id, '100.00')).body).toMatchObject({
      code: 'INSUFFICIENT_FUNDS',
      details: { title: 'Insufficient Balance', fields: { amount: 'You do not have enough USD.' } },
    });
    expect(await raisedAndSum(id)).toEqual({ raised: '0', sum: '0' });
    expect(await balance(poor.id)).toBe('60');
  });

  it('cancel: the escrow returns and funds_raised falls; not within 48 hours of the end date; only the investor', async () => {
    const id = await liveCampaign(owner, admin, { company_name: 'Cancel Co' });
    const before = await balance(a.id);
    const inv = (await invest(a.id, id, '200.00')).body.investment as Json;
    expect(
      (await call(b.id, 'POST', `/investments/${inv.id}/cancel`, { pin: '3579' }, { 'Idempotency-Key': 'x1' })).status,
    ).toBe(404);
    const cancelled = await call(
      a.id,
      'POST',
      `/investments/${inv.id}/cancel`,
      { pin: '3579' },
      { 'Idempotency-Key': 'c1' },
    );
    expect(cancelled.body).toMatchObject({ investment: { status: 'cancelled' }, funds_raised: '0.00' });
    expect(await balance(a.id)).toBe(before);
    // an investment 47 hours before the end date can no longer be cancelled
    const late = (await invest(a.id, id, '100.00')).body.investment as Json;
    await getPool().query(
      `UPDATE funding_campaigns SET campaign_end_date = now() + interval '47 hours' WHERE id = $1`,
      [id],
    );
    const refused = await call(
      a.id,
      'POST',
      `/investments/${late.id}/cancel`,
      { pin: '3579' },
      { 'Idempotency-Key': 'c2' },
    );
    expect(refused.status).toBe(409);
    expect(refused.body.error).toBe('Investments can be cancelled until 48 hours before the end date.');
    expect(await raisedAndSum(id)).toEqual({ raised: '100', sum: '100' });
    await expectBooks();
  });

  it('an end date that passed during review: approval refused (409) and the campaign stays in review; reject still works', async () => {
    const draft = await call(owner.id, 'POST', '/', await campaignInput());
    const id = draft.body.campaign.id as string;
    await call(owner.id, 'POST', `/${id}/submit`);
    await getPool().query(
      `UPDATE funding_campaigns SET campaign_end_date = now() - interval '1 minute' WHERE id = $1`,
      [id],
    );
    const res = await call(admin.id, 'POST', `/review/${id}/approve`, undefined, {}, true);
    expect(res.status).toBe(409);
    expect(res.body.error).toBe(END_DATE_PASSED);
    expect((await call(owner.id, 'GET', `/${id}`)).body.campaign.status).toBe('pending_approval');
    expect(
      (await call(admin.id, 'POST', `/review/${id}/reject`, { reason: 'Choose a later end date.' }, {}, true)).body
        .campaign.status,
    ).toBe('rejected');
  });

  it("bad input: 400 with the field in the spec's words and nothing stored; fiat currencies only", async () => {
    const count = async () =>
      Number(
        (await getPool().query('SELECT count(*) FROM funding_campaigns WHERE created_by_profile_id = $1', [owner.id]))
          .rows[0].count,
      );
    const before = await count();
    const btc = (await getPool().query(`SELECT id FROM assets WHERE symbol = 'BTC'`)).rows[0].id;
    for (const [over, field, message] of [
      [{ company_name: '' }, 'company_name', 'Please fill in the Company Name field.'],
      [{ description: ' ' }, 'description', 'Please fill in the Description field.'],
      [{ target_amount: '' }, 'target_amount', 'Please fill in the Target Amount field.'],
      [{ min_investment: '-5' }, 'min_investment', undefined],
      [{ equity_offered_percentage: '' }, 'equity_offered_percentage', 'Please fill in the Equity Offered (%) field.'],
      [{ website_url: 'javascript:alert(1)' }, 'website_url', undefined],
      [{ asset_currency_id: btc }, 'asset_currency_id', 'Choose a fiat currency.'],
      [{ max_investment: '10.00' }, 'max_investment', undefined],
      [{ campaign_end_date: '2020-01-01' }, 'campaign_end_date', 'The end date must be in the future.'],
      [{ equity_offered_percentage: '120' }, 'equity_offered_percentage', undefined],
    ] as [Json, string, string | undefined][]) {
      const res = await call(owner.id, 'POST', '/', await campaignInput(over));
      expect(res.status, JSON.stringify(over)).toBe(400);
      expect(Object.keys(res.body.details.fields), JSON.stringify(over)).toContain(field);
      if (message) expect(res.body.details.fields[field]).toBe(message);
    }
    expect(await count()).toBe(before);
  });
});
