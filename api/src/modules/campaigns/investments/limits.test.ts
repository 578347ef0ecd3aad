import crypto from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  createUser,
  outgoingUsage,
  overDailyLimit,
  pinFailures,
  setDailyCap,
  setLimits,
  tableCounts,
} from '../../../../test/helpers.js';
import { balance, campaignsTestClient, expectBooks, person, raisedAndSum, systemBalance } from '../testing.js';

// Investing is the investor's outflow (prisma/sql/ledger.sql L8): limits and platform caps apply to the
// escrow hold, reported by the investment quote before the PIN, counted in outgoing_usage.
const { call, invest, liveCampaign } = campaignsTestClient();

describe('limits on investing', () => {
  let campaignId: string;
  beforeAll(async () => {
    const owner = await person('Olive Owner');
    const admin = await createUser({ fullName: 'Ada Admin', admin: true });
    campaignId = await liveCampaign(owner, admin, { company_name: 'Limits Ltd', min_investment: '1.00' });
  });

  it('with limits of 5.00, a 10.00 investment is refused 409 LIMIT_EXCEEDED by the quote, then by investing (before the PIN); nothing moves', async () => {
    const investor = await person('Ivy Investor', { usd: '100.00', investor: true });
    await setLimits(investor.id, '5.00');
    const before = {
      rows: await tableCounts(['investments', 'escrow_holds', 'transactions']),
      escrow: await systemBalance('escrow'),
    };
    const refusal = overDailyLimit({ limit: '5.00', used: '0.00', amount: '10.00', remaining: '5.00' });

    expect(await call(investor.id, 'GET', `/${campaignId}/investments/quote?amount=10.00`)).toMatchObject({
      status: 409,
      body: refusal,
    });
    expect(await invest(investor.id, campaignId, '10.00', crypto.randomUUID(), '0000')).toMatchObject({
      status: 409,
      body: refusal,
    });
    expect(await invest(investor.id, campaignId, '10.00')).toMatchObject({ status: 409, body: refusal });

    expect(await pinFailures(investor.id)).toBe(0);
    expect(await balance(investor.id)).toBe('100');
    expect({
      rows: await tableCounts(['investments', 'escrow_holds', 'transactions']),
      escrow: await systemBalance('escrow'),
    }).toEqual(before);
    expect(await raisedAndSum(campaignId)).toEqual({ raised: '0', sum: '0' });
    expect(await outgoingUsage(investor.id)).toBe('0.00');
  });

  it('the quote answers what investing would: 200 within the limit, then the amount rules in their words', async () => {
    const investor = await person('Quinn Quote', { usd: '100.00', investor: true });
    expect(await call(investor.id, 'GET', `/${campaignId}/investments/quote?amount=10.00`)).toMatchObject({
      status: 200,
      body: { amount: '10.00', asset_symbol: 'USD' },
    });
    expect(
      (await call(investor.id, 'GET', `/${campaignId}/investments/quote?amount=501.00`)).body.details.fields.amount,
    ).toBe('Maximum investment is 500.00 USD.');
    expect((await call(investor.id, 'GET', `/${campaignId}/investments/quote?amount=200.00`)).body).toMatchObject({
      code: 'INSUFFICIENT_FUNDS',
      details: { title: 'Insufficient Balance' },
    });
  });

  it("an investment within the cap counts; cancelling it gives no usage back; the platform's daily cap applies", async () => {
    const investor = await person('Cal Capped', { usd: '100.00', investor: true });
    await setDailyCap('12.00');
    const made = await invest(investor.id, campaignId, '10.00');
    expect(made.status).toBe(201);
    expect(await outgoingUsage(investor.id)).toBe('10.00');
    expect(
      (
        await call(
          investor.id,
          'POST',
          `/investments/${made.body.investment.id}/cancel`,
          { pin: '3579' },
          { 'Idempotency-Key': crypto.randomUUID() },
        )
      ).status,
    ).toBe(200);
    expect([await balance(investor.id), await outgoingUsage(investor.id)]).toEqual(['100', '10.00']);
    const refusal = overDailyLimit({ limit: '12.00', used: '10.00', amount: '3.00', remaining: '2.00' });
    expect(await invest(investor.id, campaignId, '3.00')).toMatchObject({ status: 409, body: refusal });
    await expectBooks();
  });
});
