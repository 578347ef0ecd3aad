import { describe, expect, it } from 'vitest';
import { sendMoney } from '../../../platform/ledger/index.js';
import {
  outgoingUsage,
  overDailyLimit,
  pinFailures,
  setDailyCap,
  setLimits,
  tableCounts,
} from '../../../../test/helpers.js';
import { PIN, balance, expectBooks, marketplaceTestClient, party, systemBalance } from '../testing.js';

// Funding a milestone is the client's outflow (prisma/sql/ledger.sql L8): the daily, weekly and monthly
// limits and the platform's caps apply to the hold, counted in the one outgoing_usage counter with sends.
const { call, money, contractBetween } = marketplaceTestClient();

describe('limits on funding a milestone (escrow hold by the client)', () => {
  it('with limits of 5.00, a 10.00 milestone is refused 409 LIMIT_EXCEEDED by the quote first, then by the add (even with a wrong PIN, which is not counted); nothing moves', async () => {
    const client = await party('Lim Client', ['USD', '100.00']);
    const freelancer = await party('Lim Freelancer');
    const { contractId } = await contractBetween(client, freelancer);
    await setLimits(client.id, '5.00');
    const before = {
      rows: await tableCounts(['project_milestones', 'escrow_holds', 'transactions']),
      escrow: await systemBalance('escrow'),
    };
    const refusal = overDailyLimit({ limit: '5.00', used: '0.00', amount: '10.00', remaining: '5.00' });

    expect(await call(client.id, 'GET', `/contracts/${contractId}/milestones/quote?amount=10.00`)).toMatchObject({
      status: 409,
      body: refusal,
    });
    expect(
      await money(client.id, `/contracts/${contractId}/milestones`, { title: 'Design', amount: '10.00', pin: '0000' }),
    ).toMatchObject({ status: 409, body: refusal });
    expect(
      await money(client.id, `/contracts/${contractId}/milestones`, { title: 'Design', amount: '10.00', pin: PIN }),
    ).toMatchObject({ status: 409, body: refusal });

    expect(await pinFailures(client.id)).toBe(0);
    expect(await balance(client.id)).toBe('100');
    expect({
      rows: await tableCounts(['project_milestones', 'escrow_holds', 'transactions']),
      escrow: await systemBalance('escrow'),
    }).toEqual(before);
    expect(await outgoingUsage(client.id)).toBe('0.00');
    await expectBooks();
  });

  it('a funded milestone counts in the same counter as sends: after 15.00 held under a 20.00 limit, a 10.00 send is refused and 5.00 passes', async () => {
    const client = await party('Shared Client', ['USD', '100.00']);
    const freelancer = await party('Shared Freelancer');
    const { contractId } = await contractBetween(client, freelancer);
    await setLimits(client.id, '20.00');
    expect(
      (await money(client.id, `/contracts/${contractId}/milestones`, { title: 'Half', amount: '15.00', pin: PIN }))
        .status,
    ).toBe(201);
    expect(await outgoingUsage(client.id)).toBe('15.00');

    const send = (amount: string) =>
      sendMoney({ senderId: client.id, recipientId: freelancer.id, assetSymbol: 'USD', amount, pin: PIN });
    const over = await send('10.00');
    expect([over.status, JSON.parse(over.json)]).toEqual([
      409,
      overDailyLimit({ limit: '20.00', used: '15.00', amount: '10.00', remaining: '5.00' }),
    ]);
    expect((await send('5.00')).status).toBe(201);
    expect(await outgoingUsage(client.id)).toBe('20.00');
    expect(await balance(client.id)).toBe('79.97'); // 100 - 15 held - 5 sent - 0.03 fee (0.5%, rounded)
    await expectBooks();
  });

  it("the platform's daily cap applies to funding without a limit of the user's own", async () => {
    const client = await party('Cap Client', ['USD', '100.00']);
    const freelancer = await party('Cap Freelancer');
    const { contractId } = await contractBetween(client, freelancer);
    await setDailyCap('8.00');
    const refusal = overDailyLimit({ limit: '8.00', used: '0.00', amount: '10.00', remaining: '8.00' });
    expect(await call(client.id, 'GET', `/contracts/${contractId}/milestones/quote?amount=10.00`)).toMatchObject({
      status: 409,
      body: refusal,
    });
    expect(
      await money(client.id, `/contracts/${contractId}/milestones`, { title: 'Capped', amount: '10.00', pin: PIN }),
    ).toMatchObject({ status: 409, body: refusal });
    expect(
      (await money(client.id, `/contracts/${contractId}/milestones`, { title: 'Within', amount: '8.00', pin: PIN }))
        .status,
    ).toBe(201);
    expect([await balance(client.id), await outgoingUsage(client.id)]).toEqual(['92', '8.00']);
  });
});
