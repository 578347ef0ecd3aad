import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getPool } from '../../../platform/db/pool.js';
import { tableCounts } from '../../../../test/helpers.js';
import {
  TATTERSALL_LOW_BALANCE,
  balance,
  bankingHarness,
  expectBooks,
  person,
  systemBalance,
  transferRow,
  usdId,
} from '../testing.js';
import { minus } from '../../../../test/decimal.js';

let h: Awaited<ReturnType<typeof bankingHarness>>;
beforeAll(async () => {
  h = await bankingHarness();
});
afterAll(async () => {
  await h.close();
});

async function checking(userId: string, institution?: string) {
  const [a] = await h.link(userId, institution);
  return a!;
}

describe('instant withdrawal (docs/product.md "Linked accounts, deposits and withdrawal")', () => {
  it('the fee from the fee schedule is quoted before the PIN; RTP when the bank takes it, same-day ACH with its timing when not', async () => {
    const u = await person('100.00');
    const instant = await checking(u.id);
    const q = await h.call(
      u.id,
      'GET',
      `/withdrawals/quote?linkedAccountId=${instant.id}&assetId=${await usdId()}&amount=20`,
    );
    expect(q.body).toMatchObject({ amount: '20.00', fee: '0.30', total: '20.30', asset_symbol: 'USD', network: 'rtp' });
    expect(q.body.timing).toMatch(/^Instant/);
    const min = await h.call(
      u.id,
      'GET',
      `/withdrawals/quote?linkedAccountId=${instant.id}&assetId=${await usdId()}&amount=5`,
    );
    expect(min.body.fee).toBe('0.25'); // the schedule's minimum
    const slow = await checking(u.id, TATTERSALL_LOW_BALANCE);
    const ach = await h.call(
      u.id,
      'GET',
      `/withdrawals/quote?linkedAccountId=${slow.id}&assetId=${await usdId()}&amount=20`,
    );
    expect(ach.body).toMatchObject({ network: 'same-day-ach' });
    expect(ach.body.timing).toContain('same-day ACH');
  });

  it('amount + fee leave the wallet at once (held), and at settle go to the withdrawals and fee accounts; the history shows it', async () => {
    const u = await person('100.00');
    const account = await checking(u.id);
    const withdrawalsBefore = await systemBalance('withdrawals');
    const feesBefore = await systemBalance('fees');
    const res = await h.move(u.id, 'withdrawals', {
      linkedAccountId: account.id,
      assetId: await usdId(),
      amount: '20.00',
    });
    expect(res.status).toBe(201);
    expect(res.body.transfer).toMatchObject({
      direction: 'withdrawal',
      status: 'pending',
      amount: '20.00',
      fee: '0.30',
      network: 'rtp',
    });
    expect(res.body.message).toMatch(/^Withdrawal on its way/);
    expect(await balance(u.id)).toBe('79.70');
    const plaidId = (await transferRow(res.body.transfer.id)).plaid_transfer_id;
    await h.simulate(plaidId, 'posted');
    await h.simulate(plaidId, 'settled');
    expect((await transferRow(res.body.transfer.id)).status).toBe('settled');
    expect(await balance(u.id)).toBe('79.70');
    expect(minus(await systemBalance('withdrawals'), withdrawalsBefore)).toBe('20');
    expect(minus(await systemBalance('fees'), feesBefore)).toBe('0.3');
    await expectBooks();
  });

  it("declined by Plaid (over the bank network's limit): the money comes back and the user sees why", async () => {
    const u = await person('20000.00');
    const account = await checking(u.id);
    await getPool().query(`UPDATE transaction_limit_caps SET max_usd = 1000000000`); // the platform's daily cap (10,000 USD) would refuse it first
    const res = await h.move(u.id, 'withdrawals', {
      linkedAccountId: account.id,
      assetId: await usdId(),
      amount: '10000.01',
    });
    expect(res.status).toBe(201);
    expect(res.body.message).toBe('Withdrawal Failed');
    expect(res.body.transfer).toMatchObject({
      status: 'declined',
      failure_reason: 'This amount is above what can be sent to your bank in one transfer.',
    });
    expect(await balance(u.id)).toBe('20000.00');
    await expectBooks();
  });

  it('failed before settling: amount and fee come back; returned after settling: the amount comes back (the fee was for a transfer made)', async () => {
    const u = await person('100.00');
    const account = await checking(u.id);
    const failed = await h.move(u.id, 'withdrawals', {
      linkedAccountId: account.id,
      assetId: await usdId(),
      amount: '40.00',
    });
    expect(await balance(u.id)).toBe('59.40');
    await h.simulate((await transferRow(failed.body.transfer.id)).plaid_transfer_id, 'failed', {
      ach_return_code: 'R03',
      description: 'No account/unable to locate account',
    });
    expect(await transferRow(failed.body.transfer.id)).toMatchObject({
      status: 'failed',
      failure_reason: 'No account/unable to locate account',
    });
    expect(await balance(u.id)).toBe('100.00');

    const returned = await h.move(u.id, 'withdrawals', {
      linkedAccountId: account.id,
      assetId: await usdId(),
      amount: '50.00',
    });
    const plaidId = (await transferRow(returned.body.transfer.id)).plaid_transfer_id;
    await h.simulate(plaidId, 'posted');
    await h.simulate(plaidId, 'settled');
    expect(await balance(u.id)).toBe('49.25');
    await h.simulate(plaidId, 'returned', { ach_return_code: 'R02', description: 'Account closed' });
    expect(await transferRow(returned.body.transfer.id)).toMatchObject({
      status: 'returned',
      failure_reason: 'Account closed',
    });
    expect(await balance(u.id)).toBe('99.25');
    const list = await h.call(u.id, 'GET', '/transfers');
    expect(list.body.transfers.map((t: { status: string }) => t.status)).toEqual(['returned', 'failed']);
    await expectBooks();
  });

  it('race: 20 concurrent withdrawals that together exceed the balance never take it below zero; what left is exactly what is held or paid', async () => {
    const u = await person('100.00');
    const account = await checking(u.id);
    const usd = await usdId();
    const results = await Promise.all(
      Array.from({ length: 20 }, () =>
        h.move(u.id, 'withdrawals', { linkedAccountId: account.id, assetId: usd, amount: '10.00' }),
      ),
    );
    const ok = results.filter((r) => r.status === 201);
    const refused = results.filter((r) => r.status === 409);
    expect(ok.length + refused.length).toBe(20);
    expect(ok).toHaveLength(9); // 9 x 10.25 = 92.25; a tenth would need 102.50
    for (const r of refused)
      expect(r.body).toMatchObject({ code: 'INSUFFICIENT_FUNDS', details: { title: 'Insufficient Balance' } });
    expect(await balance(u.id)).toBe('7.75');
    const held = await getPool().query(
      `SELECT coalesce(sum(e.held), 0)::numeric(38,2)::text AS held FROM escrow_holds e JOIN bank_transfers t ON t.id = e.reference_id WHERE t.user_id = $1`,
      [u.id],
    );
    expect(held.rows[0].held).toBe('92.25');
    await expectBooks();
  });

  it("the form's rules in the spec's words; a wrong PIN; an idempotent retry gets the same transfer; nothing stored on a refusal", async () => {
    const u = await person('30.00');
    const account = await checking(u.id);
    const usd = await usdId();
    const eur = (await getPool().query(`SELECT id FROM assets WHERE symbol = 'EUR'`)).rows[0].id;
    const before = await tableCounts(['bank_transfers', 'transactions', 'escrow_holds']);
    const cases: [Record<string, unknown>, number, string, string][] = [
      [{ assetId: usd, amount: '5' }, 400, 'Missing Information', 'linkedAccountId'],
      [{ linkedAccountId: account.id, amount: '5' }, 400, 'Missing Information', 'assetId'],
      [{ linkedAccountId: account.id, assetId: usd, amount: '' }, 400, 'Missing Information', 'amount'],
      [{ linkedAccountId: account.id, assetId: usd, amount: '0' }, 400, 'Invalid Amount', 'amount'],
      [{ linkedAccountId: account.id, assetId: usd, amount: '-3' }, 400, 'Invalid Amount', 'amount'],
      [{ linkedAccountId: account.id, assetId: usd, amount: '1.005' }, 400, 'Invalid Amount', 'amount'],
      [{ linkedAccountId: account.id, assetId: usd, amount: '29.90' }, 409, 'You do not have enough USD.', 'amount'], // + 0.45 fee > 30.00
      [{ linkedAccountId: account.id, assetId: eur, amount: '5' }, 400, 'Invalid Amount', 'assetId'],
    ];
    for (const [input, status, title, field] of cases) {
      const res = await h.move(u.id, 'withdrawals', input);
      expect([res.status, res.body.error, Object.keys(res.body.details?.fields ?? {})]).toEqual([
        status,
        title,
        [field],
      ]);
    }
    expect(
      (await h.move(u.id, 'withdrawals', { linkedAccountId: crypto.randomUUID(), assetId: usd, amount: '5' })).status,
    ).toBe(404);
    const wrongPin = await h.move(
      u.id,
      'withdrawals',
      { linkedAccountId: account.id, assetId: usd, amount: '5' },
      crypto.randomUUID(),
      '0000',
    );
    expect([wrongPin.status, wrongPin.body.error]).toEqual([403, 'The PIN you entered is incorrect.']);
    expect(await tableCounts(['bank_transfers', 'transactions', 'escrow_holds'])).toEqual(before);
    expect(await balance(u.id)).toBe('30.00');

    const key = crypto.randomUUID();
    const first = await h.move(u.id, 'withdrawals', { linkedAccountId: account.id, assetId: usd, amount: '5.00' }, key);
    const again = await h.move(u.id, 'withdrawals', { linkedAccountId: account.id, assetId: usd, amount: '5.00' }, key);
    expect(again.body.transfer.id).toBe(first.body.transfer.id);
    expect(await balance(u.id)).toBe('24.75');
    const other = await h.move(u.id, 'withdrawals', { linkedAccountId: account.id, assetId: usd, amount: '6.00' }, key);
    expect(other.status).toBe(422);
    await expectBooks();
  });
});
