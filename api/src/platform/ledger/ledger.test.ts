import { describe, expect, it } from 'vitest';
import type pg from 'pg';
import { DEFAULT_POOL_SIZE, getPool } from '../db/pool.js';
import { checkBooks, postTransfer } from './index.js';
import { createUser, deposit, send, tableCounts } from '../../../test/helpers.js';
import { exact, plus, times } from '../../../test/decimal.js';

const balanceOf = async (userId: string, symbol: string) =>
  (
    await getPool().query(
      `SELECT w.balance::text FROM user_wallets w JOIN assets a ON a.id = w.asset_id WHERE w.user_id = $1 AND a.symbol = $2`,
      [userId, symbol],
    )
  ).rows[0]?.balance as string | undefined;

describe('ledger: every movement is double-entry, atomic and never overdraws (docs/architecture.md "The money model")', () => {
  it('concurrent transfers in opposite directions: no deadlock, books balance, totals conserved except fees, no negative balance', async () => {
    const users = await Promise.all([0, 1, 2, 3].map(() => createUser()));
    for (const u of users) {
      await deposit(u.id, 'USD', '10000.00');
      await deposit(u.id, 'BTC', '1');
    }
    const N = 1000;
    let seed = 42;
    const rand = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    const jobs = Array.from({ length: N }, (_, i) => {
      const a = users[i % 4]!,
        b = users[(i + 1 + (i % 3)) % 4]!;
      const [from, to] = i % 2 ? [a, b] : [b, a]; // half of them in the opposite direction
      const btc = i % 5 === 0;
      const amount = btc ? (1 + Math.floor(rand() * 100000)) / 1e8 : (1 + Math.floor(rand() * 3000)) / 100;
      return { from: from.id, to: to.id, symbol: btc ? 'BTC' : 'USD', amount: amount.toFixed(btc ? 8 : 2) };
    });

    const started = performance.now();
    const results = await Promise.allSettled(jobs.map((j) => send(j.from, j.to, j.symbol, j.amount)));
    const seconds = (performance.now() - started) / 1000;
    console.log(
      `ledger: ${N} concurrent transfers in ${seconds.toFixed(2)} s = ${Math.round(N / seconds)} transfers/s (pool ${process.env.PG_POOL_MAX ?? DEFAULT_POOL_SIZE} connections)`,
    );

    const failures = results
      .filter((r) => r.status === 'rejected')
      .map((r) => (r as PromiseRejectedResult).reason as { code?: string });
    for (const f of failures) expect(f.code).toBe('LD010'); // only "insufficient funds"; never a deadlock (40P01)
    const posted = results
      .filter((r) => r.status === 'fulfilled')
      .map((r, i) => ({
        ...(r as PromiseFulfilledResult<Awaited<ReturnType<typeof send>>>).value,
        symbol: jobs[i]!.symbol,
      }));
    expect(posted.length).toBeGreaterThan(N * 0.9);

    const books = await checkBooks();
    expect(books.problems).toEqual([]);
    expect(books.ok).toBe(true);
    // Conservation per asset: user wallets + fee account = everything deposited.
    const usdWallets = await Promise.all(users.map(async (u) => (await balanceOf(u.id, 'USD'))!));
    const btcWallets = await Promise.all(users.map(async (u) => (await balanceOf(u.id, 'BTC'))!));
    expect(plus(...usdWallets, books.totals.USD!.system.fees!)).toBe(times('4', '10000'));
    expect(plus(...btcWallets, books.totals.BTC!.system.fees!)).toBe(times('4', '1'));
    expect(exact(books.totals.USD!.system.deposits!)).toBe(times('-4', '10000'));
    const { rows } = await getPool().query('SELECT count(*)::int AS n FROM user_wallets WHERE balance < 0');
    expect(rows[0].n).toBe(0);
  });

  it('concurrent spends beyond the balance: exactly as many succeed as the balance covers, the rest fail with insufficient funds', async () => {
    const payer = await createUser();
    const payee = await createUser();
    await deposit(payer.id, 'USD', '10.00');
    const results = await Promise.allSettled(Array.from({ length: 20 }, () => send(payer.id, payee.id, 'USD', '1.00')));
    // each costs 1.00 + fee 0.01 (0.5%, minimum 0.01): 9 fit in 10.00
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(9);
    for (const r of results.filter((r) => r.status === 'rejected'))
      expect((r as PromiseRejectedResult).reason.code).toBe('LD010');
    expect(await balanceOf(payer.id, 'USD')).toBe('0.910000000000000000');
    expect(await balanceOf(payee.id, 'USD')).toBe('9.000000000000000000');
    expect((await checkBooks()).ok).toBe(true);
  });

  it('fees come from the fee schedule: p2p 0.5% paid by the sender, at least the minimum and at most the maximum', async () => {
    const a = await createUser();
    const b = await createUser();
    await deposit(a.id, 'USD', '20000.00');
    expect((await send(a.id, b.id, 'USD', '1.00')).fee).toBe('0.01'); // minimum
    expect((await send(a.id, b.id, 'USD', '100.00')).fee).toBe('0.50'); // 0.5%
    const big = await send(a.id, b.id, 'USD', '10000.00');
    expect(big.fee).toBe('25.00'); // maximum
    expect(big.senderBalance).toBe('9873.49'); // 20000 - 10101 - 25.51
    expect(await balanceOf(b.id, 'USD')).toBe('10101.000000000000000000');
  });

  it('a milestone payment takes 1% from the amount paid to the freelancer (docs/product.md "Fees")', async () => {
    const client = await createUser();
    const freelancer = await createUser();
    await deposit(client.id, 'USD', '500.00');
    const paid = await postTransfer({
      type: 'milestone_payment',
      assetSymbol: 'USD',
      from: { userId: client.id },
      to: { userId: freelancer.id },
      amount: '200.00',
    });
    expect(paid.fee).toBe('2.00');
    expect(await balanceOf(client.id, 'USD')).toBe('300.000000000000000000');
    expect(await balanceOf(freelancer.id, 'USD')).toBe('198.000000000000000000');
    expect((await checkBooks()).ok).toBe(true);
  });

  it('refuses an amount finer than the asset scale, zero, a non-decimal, an unknown asset or a transfer to oneself, and changes nothing', async () => {
    const a = await createUser();
    const b = await createUser();
    await deposit(a.id, 'USD', '50.00');
    const before = await tableCounts(['transactions', 'ledger_entries', 'user_wallets']);
    await expect(send(a.id, b.id, 'USD', '1.001')).rejects.toMatchObject({ code: 'LD002' });
    await expect(send(a.id, b.id, 'USD', '0')).rejects.toMatchObject({ code: 'LD001' });
    await expect(send(a.id, b.id, 'USD', '1e3')).rejects.toMatchObject({ code: 'LD001' });
    await expect(send(a.id, b.id, 'XXX', '1.00')).rejects.toMatchObject({ code: 'LD003' });
    await expect(send(a.id, a.id, 'USD', '1.00')).rejects.toMatchObject({ code: 'LD004' });
    await expect(send(b.id, a.id, 'USD', '1.00')).rejects.toMatchObject({ code: 'LD010' }); // b has no USD
    expect(await tableCounts(['transactions', 'ledger_entries', 'user_wallets'])).toEqual(before);
  });

  it('the database itself forbids a negative balance and edits of ledger entries', async () => {
    const a = await createUser();
    await deposit(a.id, 'USD', '5.00');
    await expect(
      getPool().query(`UPDATE user_wallets SET balance = -1 WHERE user_id = $1`, [a.id]),
    ).rejects.toMatchObject({ code: '23514' });
    await expect(getPool().query(`UPDATE ledger_entries SET amount = amount * 2`)).rejects.toThrow(/append-only/);
    await expect(getPool().query(`DELETE FROM ledger_entries`)).rejects.toThrow(/append-only/);
  });

  it('checkBooks reports a wallet whose balance drifted from its entries', async () => {
    const a = await createUser();
    await deposit(a.id, 'USD', '5.00');
    const report = await inRolledBackTransaction(async (client) => {
      await client.query(`UPDATE user_wallets SET balance = balance + 1 WHERE user_id = $1`, [a.id]);
      return checkBooks(client);
    });
    expect(report.problems).toEqual([expect.stringMatching(/^wallet .*: balance 6\.0+ but entries sum to 5\.0+$/)]);
    expect((await checkBooks()).ok).toBe(true);
  });

  it('R1: ledger_write is the only function in the database that writes the ledger (prisma/sql/ledger.sql)', async () => {
    // Every function body PostgreSQL holds, searched for a write of a ledger table or of a wallet's balance.
    const { rows } = await getPool().query<{ name: string }>(
      `SELECT DISTINCT p.proname AS name FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace
        WHERE n.nspname = current_schema()
          AND p.prosrc ~* '(insert\\s+into|update|delete\\s+from)\\s+(ledger_entries|transactions|outgoing_usage)\\M|set\\s+balance\\s*='
        ORDER BY 1`,
    );
    expect(rows.map((r) => r.name)).toEqual(['ledger_write']);
  });

  it('R2: rows the ledger references are never deleted or re-keyed', async () => {
    const a = await createUser();
    await deposit(a.id, 'USD', '5.00');
    for (const table of ['users', 'profiles', 'assets', 'system_accounts', 'user_wallets', 'transactions']) {
      await expect(getPool().query(`DELETE FROM ${table}`)).rejects.toMatchObject({ code: 'LD020' });
      await expect(getPool().query(`TRUNCATE ${table} CASCADE`)).rejects.toMatchObject({ code: 'LD020' });
    }
    await expect(
      getPool().query(`UPDATE user_wallets SET id = gen_random_uuid() WHERE user_id = $1`, [a.id]),
    ).rejects.toMatchObject({ code: 'LD020' });
    await expect(
      getPool().query(`UPDATE profiles SET id = gen_random_uuid() WHERE id = $1`, [a.id]),
    ).rejects.toMatchObject({ code: 'LD020' });
    expect((await checkBooks()).ok).toBe(true);
  });

  it('R3: checkBooks reports ledger rows that point at missing rows', async () => {
    const a = await createUser();
    await deposit(a.id, 'USD', '5.00');
    const report = await inRolledBackTransaction(async (client) => {
      const { rows } = await client.query(`SELECT t.id, t.asset_id FROM transactions t WHERE t.receiver_id = $1`, [
        a.id,
      ]);
      await client.query(
        `INSERT INTO transactions (id, amount, fee, status, transaction_type, asset_id, sender_id, receiver_id)
                          VALUES (gen_random_uuid(), 1, 0, 'completed', 'p2p_transfer', $1, gen_random_uuid(), $2)`,
        [rows[0].asset_id, a.id],
      );
      await client.query(
        `INSERT INTO ledger_entries (transaction_id, asset_id, wallet_id, amount) VALUES
                          (gen_random_uuid(), $1, gen_random_uuid(), 1), (gen_random_uuid(), $1, gen_random_uuid(), -1)`,
        [rows[0].asset_id],
      );
      return checkBooks(client);
    });
    expect(report.problems.filter((p) => p.endsWith('references a missing row'))).toEqual([
      expect.stringMatching(/^ledger entry \d+ references a missing row$/),
      expect.stringMatching(/^ledger entry \d+ references a missing row$/),
      expect.stringMatching(/^transaction [0-9a-f-]{36} references a missing row$/),
    ]);
    expect((await checkBooks()).ok).toBe(true);
  });
});

/** Runs `work` in a transaction on one pool client and rolls it back (the shared test database stays clean). */
async function inRolledBackTransaction<T>(work: (client: pg.PoolClient) => Promise<T>): Promise<T> {
  const client = await getPool().connect();
  try {
    await client.query('BEGIN');
    return await work(client);
  } finally {
    await client.query('ROLLBACK');
    client.release();
  }
}
