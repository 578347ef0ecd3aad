import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getPool } from '../../../platform/db/pool.js';
import {
  TATTERSALL_LOW_BALANCE,
  balance,
  bankingHarness,
  expectBooks,
  person,
  transferRow,
  usdId,
} from '../testing.js';
import { minus, rounded } from '../../../../test/decimal.js';

let h: Awaited<ReturnType<typeof bankingHarness>>;
beforeAll(async () => {
  h = await bankingHarness();
});
afterAll(async () => {
  await h.close();
});

async function linkedChecking(userId: string, institution?: string) {
  const [checking] = await h.link(userId, institution);
  return checking!;
}

describe('deposits from a linked bank (credited when the transfer settles, not before)', () => {
  it('pending -> posted -> settled credits the wallet once, even when the webhook arrives twice and the events are synced again', async () => {
    const u = await person('10.00');
    const account = await linkedChecking(u.id);
    const res = await h.move(u.id, 'deposits', {
      linkedAccountId: account.id,
      assetId: await usdId(),
      amount: '50.00',
    });
    expect(res.status).toBe(201);
    expect(res.body.transfer).toMatchObject({
      direction: 'deposit',
      status: 'pending',
      amount: '50.00',
      fee: '0.00',
      network: 'same-day-ach',
    });
    const id = res.body.transfer.id;
    const { plaid_transfer_id: plaidId } = await transferRow(id);
    expect(await balance(u.id)).toBe('10.00'); // not before it settles

    await h.simulate(plaidId, 'posted');
    expect((await transferRow(id)).status).toBe('posted');
    expect(await balance(u.id)).toBe('10.00');
    await h.simulate(plaidId, 'settled');
    expect((await transferRow(id)).status).toBe('settled');
    expect(await balance(u.id)).toBe('60.00');

    // the same signed webhook delivered again, a sync of every event from the start, and two syncs at once: nothing twice
    const replay = h.hooks.received.at(-1)!;
    expect(await h.hooks.deliver(replay)).toBe(200);
    await getPool().query('UPDATE plaid_event_cursor SET last_event_id = 0');
    await Promise.all([h.sync(), h.sync(), h.sync()]);
    expect(await balance(u.id)).toBe('60.00');
    const credits = await getPool().query(
      `SELECT count(*)::int AS n FROM transactions WHERE receiver_id = $1 AND transaction_type = 'deposit'`,
      [u.id],
    );
    expect(credits.rows[0].n).toBe(2); // the test's 10.00 and this deposit, once
    const list = await h.call(u.id, 'GET', '/transfers');
    expect(list.body.transfers[0]).toMatchObject({ id, status: 'settled', direction: 'deposit' });
    const history = await h.call(u.id, 'GET', '/../wallet/transactions?page=1'); // the wallet's history (/api/wallet/transactions)
    expect(history.body.transactions[0]).toMatchObject({
      kind: 'deposit',
      amount: '50.00',
      status: 'completed',
      label: 'Deposit from First Platypus Bank ••0000',
      link: '/linked-accounts',
    });
    await expectBooks();
  });

  it('a failed deposit credits nothing; one returned after it was credited is taken back through the ledger', async () => {
    const u = await person();
    const account = await linkedChecking(u.id);
    const failed = await h.move(u.id, 'deposits', {
      linkedAccountId: account.id,
      assetId: await usdId(),
      amount: '30.00',
    });
    await h.simulate((await transferRow(failed.body.transfer.id)).plaid_transfer_id, 'failed', {
      ach_return_code: 'R01',
      description: 'Insufficient funds',
    });
    expect(await transferRow(failed.body.transfer.id)).toMatchObject({
      status: 'failed',
      failure_reason: 'Insufficient funds',
      booked_transaction_id: null,
    });
    expect(await balance(u.id)).toBe('0.00');

    const returned = await h.move(u.id, 'deposits', {
      linkedAccountId: account.id,
      assetId: await usdId(),
      amount: '40.00',
    });
    const plaidId = (await transferRow(returned.body.transfer.id)).plaid_transfer_id;
    await h.simulate(plaidId, 'posted');
    await h.simulate(plaidId, 'settled');
    expect(await balance(u.id)).toBe('40.00');
    await h.simulate(plaidId, 'returned', { ach_return_code: 'R10', description: 'Customer advises not authorized' });
    expect(await transferRow(returned.body.transfer.id)).toMatchObject({
      status: 'returned',
      failure_reason: 'Customer advises not authorized',
      shortfall: '0.00',
    });
    expect(await balance(u.id)).toBe('0.00');
    await expectBooks();
  });

  it('a returned deposit the user already spent takes back what the wallet holds and records the shortfall (the wallet never goes below zero)', async () => {
    const u = await person();
    const other = await person();
    const account = await linkedChecking(u.id);
    const res = await h.move(u.id, 'deposits', {
      linkedAccountId: account.id,
      assetId: await usdId(),
      amount: '25.00',
    });
    const plaidId = (await transferRow(res.body.transfer.id)).plaid_transfer_id;
    await h.simulate(plaidId, 'posted');
    await h.simulate(plaidId, 'settled');
    await getPool().query(`SELECT ledger_post_transfer('p2p_transfer', 'USD', $1, NULL, $2, NULL, 15, 'spent')`, [
      u.id,
      other.id,
    ]);
    const left = await balance(u.id);
    await h.simulate(plaidId, 'returned', { ach_return_code: 'R01', description: 'Insufficient funds' });
    expect(await balance(u.id)).toBe('0.00');
    expect((await transferRow(res.body.transfer.id)).shortfall).toBe(rounded(minus('25', left), 2));
    await expectBooks();
  });

  it('the low-balance bank declines a deposit above its available balance (NSF) and the user sees why', async () => {
    const u = await person();
    const account = await linkedChecking(u.id, TATTERSALL_LOW_BALANCE);
    const res = await h.move(u.id, 'deposits', {
      linkedAccountId: account.id,
      assetId: await usdId(),
      amount: '50.00',
    });
    expect(res.status).toBe(201);
    expect(res.body.message).toBe('Deposit Failed');
    expect(res.body.transfer).toMatchObject({
      status: 'declined',
      failure_reason: 'Your bank account does not have enough money for this transfer.',
    });
    expect(await balance(u.id)).toBe('0.00');
    // 15.00 is within its 20.00
    const small = await h.move(u.id, 'deposits', {
      linkedAccountId: account.id,
      assetId: await usdId(),
      amount: '15.00',
    });
    expect(small.body.transfer.status).toBe('pending');
  });
});
