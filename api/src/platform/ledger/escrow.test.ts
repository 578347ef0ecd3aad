import crypto from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { getPool } from '../db/pool.js';
import { inTransaction } from '../db/transaction.js';
import { toAppError } from '../errors.js';
import { checkBooks, hold, refund, release, type EscrowReference } from './index.js';
import { exact, minus, plus } from '../../../test/decimal.js';
import { createUser, deposit } from '../../../test/helpers.js';

// docs/architecture.md: money in and out of escrow goes through hold / release /
// refund, one per reference; a reference's held amount never goes below zero (database); the books
// check covers every reference (L7 in prisma/sql/ledger.sql).

const pool = () => getPool();
const balanceOf = async (userId: string, symbol: string) =>
  (
    await pool().query(
      `SELECT coalesce((SELECT w.balance FROM user_wallets w JOIN assets a ON a.id = w.asset_id WHERE w.user_id = $1 AND a.symbol = $2), 0)::text AS b`,
      [userId, symbol],
    )
  ).rows[0].b as string;
const systemBalance = async (code: string, symbol: string) =>
  (
    await pool().query(
      `SELECT b.balance::text AS b FROM system_account_balances b JOIN assets a ON a.id = b.asset_id WHERE b.code = $1 AND a.symbol = $2`,
      [code, symbol],
    )
  ).rows[0].b as string;
const holdRow = async (ref: EscrowReference) =>
  (
    await pool().query(
      `SELECT held::text, held_total::text, released_total::text, refunded_total::text FROM escrow_holds WHERE reference_type = $1 AND reference_id = $2`,
      [ref.type, ref.id],
    )
  ).rows[0] as { held: string; held_total: string; released_total: string; refunded_total: string } | undefined;
const milestone = (): EscrowReference => ({ type: 'milestone', id: crypto.randomUUID() });
const expectBooks = async () => expect((await checkBooks()).problems).toEqual([]);

async function parties() {
  const client = await createUser();
  const freelancer = await createUser();
  await deposit(client.id, 'USD', '1000.00');
  return { client, freelancer };
}

describe('escrow holds: hold, release minus the fee, refund, partial amounts', () => {
  it('a hold moves money from the payer to escrow; releases pay out minus the 1% milestone fee; partial releases add up', async () => {
    const { client, freelancer } = await parties();
    const ref = milestone();
    const escrowBefore = exact(await systemBalance('escrow', 'USD'));
    const feesBefore = exact(await systemBalance('fees', 'USD'));

    const held = await hold(pool(), {
      reference: ref,
      payerId: client.id,
      assetSymbol: 'USD',
      amount: '300.00',
      description: 'Escrow: Logo design',
    });
    expect(held).toMatchObject({ held: '300.000000000000000000', payerBalance: '700.00' });
    expect(await balanceOf(client.id, 'USD')).toBe('700.000000000000000000');
    expect(minus(await systemBalance('escrow', 'USD'), escrowBefore)).toBe('300');
    await expectBooks();

    const first = await inTransaction((db) =>
      release(db, {
        reference: ref,
        to: { userId: freelancer.id },
        amount: '100.00',
        feeType: 'milestone_payment',
        description: 'Milestone 1',
      }),
    );
    expect(first).toMatchObject({ amount: '100.00', fee: '1.00', held: '200.000000000000000000' });
    const second = await inTransaction((db) =>
      release(db, {
        reference: ref,
        to: { userId: freelancer.id },
        feeType: 'milestone_payment',
        description: 'the rest',
      }),
    );
    expect(second).toMatchObject({ amount: '200.00', fee: '2.00', held: '0.000000000000000000' });

    expect(exact(await balanceOf(freelancer.id, 'USD'))).toBe('297'); // 300 - 1%
    expect(exact(await systemBalance('escrow', 'USD'))).toBe(escrowBefore);
    expect(minus(await systemBalance('fees', 'USD'), feesBefore)).toBe('3');
    expect(await holdRow(ref)).toEqual({
      held: '0.000000000000000000',
      held_total: '300.000000000000000000',
      released_total: '300.000000000000000000',
      refunded_total: '0.000000000000000000',
    });
    // the reference is on every entry of the three transactions
    const { rows } = await pool().query(
      `SELECT count(*)::int AS n FROM ledger_entries WHERE reference_type = 'milestone' AND reference_id = $1`,
      [ref.id],
    );
    expect(rows[0].n).toBe(2 + 3 + 3); // hold: payer, escrow; each release: escrow, freelancer, fee
    await expectBooks();
  });

  it('a refund returns held money to the payer without a fee; a partial refund leaves the rest held', async () => {
    const { client, freelancer } = await parties();
    const ref = milestone();
    await hold(pool(), { reference: ref, payerId: client.id, assetSymbol: 'USD', amount: '50.00' });
    await hold(pool(), { reference: ref, payerId: client.id, assetSymbol: 'USD', amount: '25.50' }); // holds add up
    expect((await holdRow(ref))!.held).toBe('75.500000000000000000');

    expect(await inTransaction((db) => refund(db, { reference: ref, amount: '30.00' }))).toMatchObject({
      amount: '30.00',
      held: '45.500000000000000000',
    });
    expect(exact(await balanceOf(client.id, 'USD'))).toBe(plus(minus('1000', '75.5'), '30'));
    // a dispute split: part to the freelancer, the rest back
    await inTransaction(async (db) => {
      await release(db, {
        reference: ref,
        to: { userId: freelancer.id },
        amount: '20.00',
        feeType: 'milestone_payment',
      });
      await refund(db, { reference: ref });
    });
    expect(exact(await balanceOf(client.id, 'USD'))).toBe(minus('1000', '20'));
    expect(exact(await balanceOf(freelancer.id, 'USD'))).toBe('19.8');
    expect(await holdRow(ref)).toMatchObject({
      held: '0.000000000000000000',
      released_total: '20.000000000000000000',
      refunded_total: '55.500000000000000000',
    });
    await expectBooks();
  });

  it('refusals change nothing: more than is held, released twice, unknown reference, other payer or asset, over the balance', async () => {
    const { client, freelancer } = await parties();
    const ref = milestone();
    await hold(pool(), { reference: ref, payerId: client.id, assetSymbol: 'USD', amount: '10.00' });
    const refused = async (p: Promise<unknown>, code: string) => {
      const err = await p.then(
        () => null,
        (e: unknown) => e as { code?: string },
      );
      expect(err?.code).toBe(code);
      return err;
    };
    const over = await refused(
      release(pool(), { reference: ref, to: { userId: freelancer.id }, amount: '10.01', feeType: 'milestone_payment' }),
      'LD032',
    );
    expect(toAppError(over)).toMatchObject({ status: 409, code: 'CONFLICT' });
    await release(pool(), { reference: ref, to: { userId: freelancer.id }, feeType: 'milestone_payment' });
    await refused(
      release(pool(), { reference: ref, to: { userId: freelancer.id }, feeType: 'milestone_payment' }),
      'LD032',
    ); // never twice
    await refused(refund(pool(), { reference: ref, amount: '0.01' }), 'LD032');
    const unknown = await refused(refund(pool(), { reference: milestone() }), 'LD031');
    expect(toAppError(unknown)).toMatchObject({ status: 404, code: 'NOT_FOUND' });
    const other = await createUser();
    await deposit(other.id, 'EUR', '5.00');
    await refused(hold(pool(), { reference: ref, payerId: other.id, assetSymbol: 'USD', amount: '1.00' }), 'LD030');
    await refused(hold(pool(), { reference: ref, payerId: client.id, assetSymbol: 'EUR', amount: '1.00' }), 'LD030');
    await refused(
      hold(pool(), { reference: milestone(), payerId: client.id, assetSymbol: 'USD', amount: '990.01' }),
      'LD010',
    );
    await refused(
      hold(pool(), { reference: milestone(), payerId: client.id, assetSymbol: 'USD', amount: '1.001' }),
      'LD002',
    );
    // escrow pays out what it holds: a fee schedule that puts the fee on top of the amount is refused
    const onTop = milestone();
    await hold(pool(), { reference: onTop, payerId: client.id, assetSymbol: 'USD', amount: '5.00' });
    await pool().query(
      `INSERT INTO fee_schedule (transaction_type, asset_id, percent, bearer) VALUES ('payment_request_payment', NULL, 1, 'sender')`,
    );
    await refused(
      release(pool(), { reference: onTop, to: { userId: freelancer.id }, feeType: 'payment_request_payment' }),
      'LD033',
    );
    await refund(pool(), { reference: onTop });
    expect(exact(await balanceOf(client.id, 'USD'))).toBe('990');
    expect(await holdRow(ref)).toMatchObject({ held: '0.000000000000000000', held_total: '10.000000000000000000' });
    const { rows } = await pool().query('SELECT count(*)::int AS n FROM escrow_holds WHERE payer_id = $1', [client.id]);
    expect(rows[0].n).toBe(2); // ref and onTop: the refused holds left no row
    await expectBooks();
  });

  it('a withdrawal in flight: amount + quoted fee held until the bank answers, then paid out to the withdrawals account with that fee, or refunded whole', async () => {
    const { client } = await parties();
    const paidOut = { type: 'withdrawal', id: crypto.randomUUID() };
    const failed = { type: 'withdrawal', id: crypto.randomUUID() };
    const withdrawalsBefore = exact(await systemBalance('withdrawals', 'USD'));
    const feesBefore = exact(await systemBalance('fees', 'USD'));
    await hold(pool(), {
      reference: paidOut,
      payerId: client.id,
      assetSymbol: 'USD',
      amount: '121.80',
      description: 'Withdrawal to Checking 0000',
    });
    await hold(pool(), {
      reference: failed,
      payerId: client.id,
      assetSymbol: 'USD',
      amount: '80.00',
      description: 'Withdrawal to Checking 0000',
    });
    expect(exact(await balanceOf(client.id, 'USD'))).toBe('798.2');
    // more than is held, counting the fee on top: refused
    const tooMuch = await inTransaction((db) =>
      release(db, {
        reference: paidOut,
        to: { system: 'withdrawals' },
        amount: '120.00',
        fee: '1.81',
        feeType: 'withdrawal',
      }),
    ).catch((e: { code?: string }) => e);
    expect(tooMuch).toMatchObject({ code: 'LD032' });
    const out = await inTransaction((db) =>
      release(db, {
        reference: paidOut,
        to: { system: 'withdrawals' },
        amount: '120.00',
        fee: '1.80',
        feeType: 'withdrawal',
        description: 'Paid out',
      }),
    );
    expect(out).toMatchObject({ amount: '120.00', fee: '1.80', held: '0.000000000000000000' });
    await inTransaction((db) => refund(db, { reference: failed, description: 'The bank returned the withdrawal' }));
    expect(exact(await balanceOf(client.id, 'USD'))).toBe('878.2');
    expect(minus(await systemBalance('withdrawals', 'USD'), withdrawalsBefore)).toBe('120');
    expect(minus(await systemBalance('fees', 'USD'), feesBefore)).toBe('1.8');
    await expectBooks();
  });

  it('the database refuses a held amount below zero, whoever writes it (CHECK held >= 0)', async () => {
    const { client } = await parties();
    const ref = milestone();
    await hold(pool(), { reference: ref, payerId: client.id, assetSymbol: 'USD', amount: '1.00' });
    const err = await pool()
      .query(`UPDATE escrow_holds SET held = -1, refunded_total = 2 WHERE reference_id = $1`, [ref.id])
      .then(
        () => null,
        (e: { code?: string; constraint?: string }) => e,
      );
    expect(err).toMatchObject({ code: '23514', constraint: 'escrow_holds_held_non_negative' });
  });

  it('race: concurrent releases and refunds of one reference — exactly one takes the whole hold, nothing lost or created', async () => {
    const { client, freelancer } = await parties();
    const ref = milestone();
    await hold(pool(), { reference: ref, payerId: client.id, assetSymbol: 'USD', amount: '400.00' });
    const feesBefore = exact(await systemBalance('fees', 'USD'));
    const attempts = Array.from({ length: 10 }, (_, i) =>
      inTransaction((db) =>
        i % 2
          ? refund(db, { reference: ref })
          : release(db, { reference: ref, to: { userId: freelancer.id }, feeType: 'milestone_payment' }),
      ),
    );
    const results = await Promise.allSettled(attempts);
    const won = results.filter((r) => r.status === 'fulfilled');
    expect(won).toHaveLength(1);
    for (const r of results) if (r.status === 'rejected') expect((r.reason as { code?: string }).code).toBe('LD032');

    const fees = minus(await systemBalance('fees', 'USD'), feesBefore);
    const total = plus(await balanceOf(client.id, 'USD'), await balanceOf(freelancer.id, 'USD'), fees);
    expect(total).toBe('1000'); // conserved: what left the client is with the freelancer, the fee account or back
    expect((await holdRow(ref))!.held).toBe('0.000000000000000000');
    await expectBooks();
  });

  it('race: concurrent partial releases never pay out more than was held', async () => {
    const { client, freelancer } = await parties();
    const ref = milestone();
    await hold(pool(), { reference: ref, payerId: client.id, assetSymbol: 'USD', amount: '100.00' });
    const results = await Promise.allSettled(
      Array.from({ length: 12 }, () =>
        inTransaction((db) =>
          release(db, { reference: ref, to: { userId: freelancer.id }, amount: '10.00', feeType: 'milestone_payment' }),
        ),
      ),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(10);
    expect(exact(await balanceOf(freelancer.id, 'USD'))).toBe('99'); // 10 x (10 - 0.10)
    expect(await holdRow(ref)).toMatchObject({
      held: '0.000000000000000000',
      released_total: '100.000000000000000000',
    });
    await expectBooks();
  });
});
