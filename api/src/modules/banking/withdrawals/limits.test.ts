import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  outgoingUsage,
  overDailyLimit,
  pinFailures,
  setDailyCap,
  setLimits,
  tableCounts,
} from '../../../../test/helpers.js';
import { balance, bankingHarness, expectBooks, person, transferRow, usdId } from '../testing.js';

// A withdrawal is the user's outflow (prisma/sql/ledger.sql L8): limits and platform caps apply to its
// hold of amount + fee, reported by the withdrawal quote before the PIN, counted in outgoing_usage.
let h: Awaited<ReturnType<typeof bankingHarness>>;
beforeAll(async () => {
  h = await bankingHarness();
});
afterAll(async () => {
  await h.close();
});

describe('limits on withdrawals', () => {
  it('with limits of 5.00, a 10.00 withdrawal is refused 409 LIMIT_EXCEEDED by the quote, then by the request (before the PIN); nothing moves', async () => {
    const u = await person('100.00');
    const [account] = await h.link(u.id);
    await setLimits(u.id, '5.00');
    const input = { linkedAccountId: account!.id, assetId: await usdId(), amount: '10.00' };
    const before = await tableCounts(['bank_transfers', 'escrow_holds', 'transactions']);
    const refusal = overDailyLimit({ limit: '5.00', used: '0.00', amount: '10.25', remaining: '5.00' }); // the hold: 10.00 + the 0.25 fee

    expect(
      await h.call(
        u.id,
        'GET',
        `/withdrawals/quote?linkedAccountId=${input.linkedAccountId}&assetId=${input.assetId}&amount=10.00`,
      ),
    ).toMatchObject({ status: 409, body: refusal });
    expect(await h.move(u.id, 'withdrawals', input, crypto.randomUUID(), '0000')).toMatchObject({
      status: 409,
      body: refusal,
    });
    expect(await h.move(u.id, 'withdrawals', input)).toMatchObject({ status: 409, body: refusal });

    expect(await pinFailures(u.id)).toBe(0);
    expect(await balance(u.id)).toBe('100.00');
    expect(await tableCounts(['bank_transfers', 'escrow_holds', 'transactions'])).toEqual(before);
    expect(await outgoingUsage(u.id)).toBe('0.00');
  });

  it("a withdrawal counts amount + fee; declined by the bank, its money comes back but not its usage; the platform's daily cap applies", async () => {
    const u = await person('20000.00');
    const [account] = await h.link(u.id);
    await setDailyCap('10100.00');
    const declined = await h.move(u.id, 'withdrawals', {
      linkedAccountId: account!.id,
      assetId: await usdId(),
      amount: '10000.01',
    }); // above the bank network's limit
    expect((await transferRow(declined.body.transfer.id)).status).toBe('declined');
    expect([await balance(u.id), await outgoingUsage(u.id)]).toEqual(['20000.00', '10015.01']); // fee 15.00 (the schedule's maximum)
    const refusal = overDailyLimit({ limit: '10,100.00', used: '10,015.01', amount: '101.50', remaining: '84.99' }); // 100.00 + the 1.50 fee
    expect(
      await h.move(u.id, 'withdrawals', { linkedAccountId: account!.id, assetId: await usdId(), amount: '100.00' }),
    ).toMatchObject({ status: 409, body: refusal });
    expect(await balance(u.id)).toBe('20000.00');
    await expectBooks();
  });
});
