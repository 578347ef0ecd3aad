import { getPool } from '../db/pool.js';

export interface BooksReport {
  ok: boolean;
  problems: string[];
  /** Per asset: balance held in user wallets and in each system account. */
  totals: Record<string, { wallets: string; system: Record<string, string> }>;
}

/**
 * Verifies the ledger invariants (see the ledger migration): L1 every transaction and every asset
 * sums to zero; L2 every wallet balance equals the sum of its entries; entries use their account's
 * asset; no negative wallet. Reads in one REPEATABLE READ snapshot so concurrent posting cannot
 * produce a false alarm.
 */
export async function checkBooks(): Promise<BooksReport> {
  const client = await getPool().connect();
  const problems: string[] = [];
  try {
    await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
    const q = async (sql: string, describe: (r: Record<string, string>) => string) => {
      const { rows } = await client.query(sql);
      for (const r of rows) problems.push(describe(r));
    };
    await q(`SELECT a.symbol, sum(e.amount)::text AS total FROM ledger_entries e JOIN assets a ON a.id = e.asset_id
             GROUP BY a.symbol HAVING sum(e.amount) <> 0`, (r) => `asset ${r.symbol}: entries sum to ${r.total}, not 0`);
    await q(`SELECT transaction_id, sum(amount)::text AS total FROM ledger_entries GROUP BY transaction_id HAVING sum(amount) <> 0`,
      (r) => `transaction ${r.transaction_id}: entries sum to ${r.total}, not 0`);
    await q(`SELECT t.id FROM transactions t WHERE NOT EXISTS (SELECT 1 FROM ledger_entries e WHERE e.transaction_id = t.id)`,
      (r) => `transaction ${r.id} has no ledger entries`);
    await q(`SELECT w.id, w.balance::text AS balance, coalesce(e.total, 0)::text AS total
               FROM user_wallets w LEFT JOIN (SELECT wallet_id, sum(amount) AS total FROM ledger_entries WHERE wallet_id IS NOT NULL GROUP BY wallet_id) e
                 ON e.wallet_id = w.id
              WHERE w.balance <> coalesce(e.total, 0)`,
      (r) => `wallet ${r.id}: balance ${r.balance} but entries sum to ${r.total}`);
    await q(`SELECT e.id FROM ledger_entries e
               LEFT JOIN user_wallets w ON w.id = e.wallet_id LEFT JOIN system_accounts s ON s.id = e.system_account_id
              WHERE coalesce(w.asset_id, s.asset_id) <> e.asset_id`, (r) => `ledger entry ${r.id}: asset differs from its account's`);
    await q(`SELECT id, balance::text AS balance FROM user_wallets WHERE balance < 0`, (r) => `wallet ${r.id} is negative: ${r.balance}`);

    const totals: BooksReport['totals'] = {};
    const wallets = await client.query<{ symbol: string; total: string }>(
      `SELECT a.symbol, coalesce(sum(w.balance), 0)::text AS total FROM assets a LEFT JOIN user_wallets w ON w.asset_id = a.id GROUP BY a.symbol`);
    for (const r of wallets.rows) totals[r.symbol] = { wallets: r.total, system: {} };
    const system = await client.query<{ symbol: string; code: string; balance: string }>(
      `SELECT a.symbol, b.code::text, b.balance::text FROM system_account_balances b JOIN assets a ON a.id = b.asset_id`);
    for (const r of system.rows) (totals[r.symbol] ??= { wallets: '0', system: {} }).system[r.code] = r.balance;
    await client.query('COMMIT');
    return { ok: problems.length === 0, problems, totals };
  } catch (e) {
    await client.query('ROLLBACK').catch(() => {});
    throw e;
  } finally {
    client.release();
  }
}
