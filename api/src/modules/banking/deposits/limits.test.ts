import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getPool } from '../../../platform/db/pool.js';
import { balance, bankingHarness, expectBooks, person, transferRow, usdId, type Json } from '../testing.js';

// docs/decisions.md "Deposit limits": $2,500.00 per 24 hours and $10,000.00 per 7 days per user,
// counted over every deposit the bank has not refused, checked under the user's lock before Plaid is asked.
let h: Awaited<ReturnType<typeof bankingHarness>>;
beforeAll(async () => {
  h = await bankingHarness();
});
afterAll(async () => {
  await h.close();
});

const AUTHORIZE = '/transfer/authorization/create';
const CREATE = '/transfer/create';

async function ready() {
  const u = await person();
  const [checking] = await h.link(u.id);
  const assetId = await usdId();
  return { u, form: (amount: string) => ({ linkedAccountId: checking!.id as string, assetId, amount }) };
}

const deposits = async (userId: string) =>
  (
    await getPool().query<{ status: string; amount: string }>(
      `SELECT status, amount::numeric(38,2)::text AS amount FROM bank_transfers WHERE user_id = $1 AND direction = 'deposit' ORDER BY created_at`,
      [userId],
    )
  ).rows;

/** A deposit made `hoursAgo` (a copy of a real one, with its own amount and status). */
async function earlierDeposit(templateId: string, amount: string, hoursAgo: number, status: string) {
  await getPool().query(
    `INSERT INTO bank_transfers (user_id, linked_account_id, direction, asset_id, amount, network, status, institution_name, account_name, account_mask, plaid_account_id, plaid_transfer_id, created_at)
     SELECT user_id, linked_account_id, direction, asset_id, $2, network, $3::bank_transfer_status, institution_name, account_name, account_mask, plaid_account_id,
            CASE WHEN $3::text IN ('declined', 'failed') THEN NULL ELSE 'earlier-' || gen_random_uuid() END, now() - make_interval(hours => $4)
       FROM bank_transfers WHERE id = $1`,
    [templateId, amount, status, hoursAgo],
  );
}

describe('deposit limits', () => {
  it('8 deposits of 500.00 at once: 5 are booked and sent to the bank (the 2,500.00 daily limit), 3 are refused with LIMIT_EXCEEDED before Plaid is asked; settled, the wallet holds 2,500.00', async () => {
    const { u, form } = await ready();
    const [authorized, created] = [h.plaidCalls(AUTHORIZE), h.plaidCalls(CREATE)];
    const answers = await Promise.all(Array.from({ length: 8 }, () => h.move(u.id, 'deposits', form('500.00'))));
    expect(answers.map((a) => a.status).sort()).toEqual([201, 201, 201, 201, 201, 409, 409, 409]);
    const refused = answers.filter((a) => a.status === 409).map((a) => a.body);
    expect(refused).toEqual(
      Array(3).fill({
        error: 'This deposit would exceed your daily deposit limit of $2,500.00. You can add $0.00 more in 24 hours.',
        code: 'LIMIT_EXCEEDED',
        details: {
          title: 'Limit Exceeded',
          period: 'daily',
          limit_usd: '2500.00',
          used_usd: '2500.00',
          remaining_usd: '0.00',
          amount_usd: '500.00',
        },
      }),
    );
    expect([h.plaidCalls(AUTHORIZE) - authorized, h.plaidCalls(CREATE) - created]).toEqual([5, 5]);
    expect(await deposits(u.id)).toEqual(Array(5).fill({ status: 'pending', amount: '500.00' }));

    for (const a of answers.filter((x) => x.status === 201)) {
      const plaidId = (await transferRow(a.body.transfer.id)).plaid_transfer_id;
      await h.simulate(plaidId, 'posted');
      await h.simulate(plaidId, 'settled');
    }
    expect(await balance(u.id)).toBe('2500.00');
    await expectBooks();
  });

  it('the quote tells the room left under each limit; an amount above it is refused by the quote and the deposit alike, the bank never asked, and a retry with the same key gets the same refusal', async () => {
    const { u, form } = await ready();
    expect((await h.move(u.id, 'deposits', form('1800.00'))).status).toBe(201);
    const quote = await h.call(u.id, 'GET', `/deposits/quote?${new URLSearchParams(form('700.00'))}`);
    expect([quote.status, quote.body]).toEqual([
      200,
      {
        amount: '700.00',
        fee: '0.00',
        total: '700.00',
        asset_symbol: 'USD',
        network: 'same-day-ach',
        timing:
          'Your wallet is credited when your bank settles the transfer, usually the same business day (bank timing may vary).',
        limits: [
          { period: 'daily', limit: '2500.00', used: '1800.00', remaining: '700.00' },
          { period: 'weekly', limit: '10000.00', used: '1800.00', remaining: '8200.00' },
        ],
      },
    ]);
    const over = await h.call(u.id, 'GET', `/deposits/quote?${new URLSearchParams(form('700.01'))}`);
    expect([over.status, over.body.error]).toEqual([
      409,
      'This deposit would exceed your daily deposit limit of $2,500.00. You can add $700.00 more in 24 hours.',
    ]);

    const before = [h.plaidCalls(AUTHORIZE), (await deposits(u.id)).length];
    const key = crypto.randomUUID();
    const refused = await h.move(u.id, 'deposits', form('700.01'), key);
    expect([refused.status, refused.body.code, refused.body.details.remaining_usd]).toEqual([
      409,
      'LIMIT_EXCEEDED',
      '700.00',
    ]);
    const again = await h.move(u.id, 'deposits', form('700.01'), key);
    expect([again.status, again.body]).toEqual([409, refused.body]);
    expect([h.plaidCalls(AUTHORIZE), (await deposits(u.id)).length]).toEqual(before);
    // exactly at the limit passes
    expect((await h.move(u.id, 'deposits', form('700.00'))).body.transfer).toMatchObject({
      status: 'pending',
      amount: '700.00',
    });
  });

  it('the weekly limit counts the last 7 days: pending, settled and returned deposits, not declined or failed ones, nor one 8 days old', async () => {
    const { u, form } = await ready();
    const first = await h.move(u.id, 'deposits', form('1000.00')); // now: 1,000 of the day's 2,500
    const id = first.body.transfer.id as string;
    await earlierDeposit(id, '2500.00', 30, 'settled');
    await earlierDeposit(id, '2500.00', 3 * 24, 'returned');
    await earlierDeposit(id, '3400.00', 6 * 24 + 20, 'pending');
    await earlierDeposit(id, '2500.00', 2 * 24, 'declined');
    await earlierDeposit(id, '2500.00', 4 * 24, 'failed');
    await earlierDeposit(id, '2500.00', 8 * 24, 'settled');
    const quote = (body: Json) => h.call(u.id, 'GET', `/deposits/quote?${new URLSearchParams(body)}`);
    expect((await quote(form('600.00'))).body.limits).toEqual([
      { period: 'daily', limit: '2500.00', used: '1000.00', remaining: '1500.00' },
      { period: 'weekly', limit: '10000.00', used: '9400.00', remaining: '600.00' },
    ]);
    const refused = await h.move(u.id, 'deposits', form('600.01'));
    expect([refused.status, refused.body.error]).toEqual([
      409,
      'This deposit would exceed your weekly deposit limit of $10,000.00. You can add $600.00 more in 7 days.',
    ]);
    expect((await h.move(u.id, 'deposits', form('600.00'))).status).toBe(201);
  });

  it('another user has limits of their own', async () => {
    const a = await ready();
    const b = await ready();
    expect((await h.move(a.u.id, 'deposits', a.form('2500.00'))).status).toBe(201);
    expect((await h.move(b.u.id, 'deposits', b.form('2500.00'))).status).toBe(201);
    expect((await h.move(a.u.id, 'deposits', a.form('0.01'))).status).toBe(409);
  });
});
