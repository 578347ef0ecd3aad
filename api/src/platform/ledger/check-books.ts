import type pg from 'pg';
import { getPool } from '../db/pool.js';
import { recordBooksCheck } from '../metrics/index.js';

export interface BooksReport {
  ok: boolean;
  problems: string[];
  /** Per asset: balance held in user wallets and in each system account. */
  totals: Record<string, { wallets: string; system: Record<string, string> }>;
}

/**
 * Verifies the ledger invariants (prisma/sql/ledger.sql): L1 every transaction and every asset
 * sums to zero; L2 every wallet balance equals the sum of its entries; entries use their account's
 * asset; no negative wallet; no dangling reference (R3); every escrow hold equals its escrow
 * entries (L7). Reads in one REPEATABLE READ snapshot so concurrent posting cannot produce a false alarm; or, given `within`, inside that client's open
 * transaction (tests look at rows they are about to roll back).
 */
export async function checkBooks(within?: pg.PoolClient): Promise<BooksReport> {
  const client = within ?? (await getPool().connect());
  const problems: string[] = [];
  try {
    if (!within) await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
    const q = async (sql: string, describe: (r: Record<string, string>) => string) => {
      const { rows } = await client.query(sql);
      for (const r of rows) problems.push(describe(r));
    };
    await q(
      `SELECT a.symbol, sum(e.amount)::text AS total FROM ledger_entries e JOIN assets a ON a.id = e.asset_id
             GROUP BY a.symbol HAVING sum(e.amount) <> 0`,
      (r) => `asset ${r.symbol}: entries sum to ${r.total}, not 0`,
    );
    await q(
      `SELECT transaction_id, sum(amount)::text AS total FROM ledger_entries GROUP BY transaction_id HAVING sum(amount) <> 0`,
      (r) => `transaction ${r.transaction_id}: entries sum to ${r.total}, not 0`,
    );
    await q(
      `SELECT t.id FROM transactions t WHERE NOT EXISTS (SELECT 1 FROM ledger_entries e WHERE e.transaction_id = t.id)`,
      (r) => `transaction ${r.id} has no ledger entries`,
    );
    await q(
      `SELECT w.id, w.balance::text AS balance, coalesce(e.total, 0)::text AS total
               FROM user_wallets w LEFT JOIN (SELECT wallet_id, sum(amount) AS total FROM ledger_entries WHERE wallet_id IS NOT NULL GROUP BY wallet_id) e
                 ON e.wallet_id = w.id
              WHERE w.balance <> coalesce(e.total, 0)`,
      (r) => `wallet ${r.id}: balance ${r.balance} but entries sum to ${r.total}`,
    );
    await q(
      `SELECT e.id FROM ledger_entries e
               LEFT JOIN user_wallets w ON w.id = e.wallet_id LEFT JOIN system_accounts s ON s.id = e.system_account_id
              WHERE coalesce(w.asset_id, s.asset_id) <> e.asset_id`,
      (r) => `ledger entry ${r.id}: asset differs from its account's`,
    );
    await q(
      `SELECT id, balance::text AS balance FROM user_wallets WHERE balance < 0`,
      (r) => `wallet ${r.id} is negative: ${r.balance}`,
    );
    // R3: ledger rows carry no foreign-key checks (prisma/sql/ledger.sql), so count dangling ids here.
    await q(
      `SELECT e.id FROM ledger_entries e
              WHERE NOT EXISTS (SELECT 1 FROM transactions t WHERE t.id = e.transaction_id)
                 OR NOT EXISTS (SELECT 1 FROM assets a WHERE a.id = e.asset_id)
                 OR (e.wallet_id IS NOT NULL AND NOT EXISTS (SELECT 1 FROM user_wallets w WHERE w.id = e.wallet_id))
                 OR (e.system_account_id IS NOT NULL AND NOT EXISTS (SELECT 1 FROM system_accounts s WHERE s.id = e.system_account_id))`,
      (r) => `ledger entry ${r.id} references a missing row`,
    );
    await q(
      `SELECT t.id FROM transactions t
              WHERE NOT EXISTS (SELECT 1 FROM assets a WHERE a.id = t.asset_id)
                 OR (t.sender_id IS NOT NULL AND NOT EXISTS (SELECT 1 FROM profiles p WHERE p.id = t.sender_id))
                 OR (t.receiver_id IS NOT NULL AND NOT EXISTS (SELECT 1 FROM profiles p WHERE p.id = t.receiver_id))`,
      (r) => `transaction ${r.id} references a missing row`,
    );

    // L7: every reference's held amount equals its escrow entries, and every escrow entry has a reference.
    await q(
      `SELECT h.reference_type, h.reference_id, h.held::text AS held, coalesce(e.total, 0)::text AS total
               FROM escrow_holds h
               LEFT JOIN (SELECT e.reference_type, e.reference_id, sum(e.amount) AS total
                            FROM ledger_entries e JOIN system_accounts s ON s.id = e.system_account_id AND s.code = 'escrow'
                           WHERE e.reference_id IS NOT NULL GROUP BY 1, 2) e USING (reference_type, reference_id)
              WHERE h.held <> coalesce(e.total, 0)`,
      (r) => `escrow ${r.reference_type} ${r.reference_id}: held ${r.held} but its escrow entries sum to ${r.total}`,
    );
    await q(
      `SELECT e.id FROM ledger_entries e JOIN system_accounts s ON s.id = e.system_account_id AND s.code = 'escrow'
              WHERE NOT EXISTS (SELECT 1 FROM escrow_holds h WHERE h.reference_type = e.reference_type AND h.reference_id = e.reference_id)`,
      (r) => `ledger entry ${r.id} moves escrow without a hold`,
    );

    const totals: BooksReport['totals'] = {};
    const wallets = await client.query<{ symbol: string; total: string }>(
      `SELECT a.symbol, coalesce(sum(w.balance), 0)::text AS total FROM assets a LEFT JOIN user_wallets w ON w.asset_id = a.id GROUP BY a.symbol`,
    );
    for (const r of wallets.rows) totals[r.symbol] = { wallets: r.total, system: {} };
    const system = await client.query<{ symbol: string; code: string; balance: string }>(
      `SELECT a.symbol, b.code::text, b.balance::text FROM system_account_balances b JOIN assets a ON a.id = b.asset_id`,
    );
    for (const r of system.rows) (totals[r.symbol] ??= { wallets: '0', system: {} }).system[r.code] = r.balance;
    if (!within) {
      await client.query('COMMIT');
      recordBooksCheck(problems.length === 0);
    }
    return { ok: problems.length === 0, problems, totals };
  } catch (e) {
    if (!within) await client.query('ROLLBACK').catch(() => {});
    throw e;
  } finally {
    if (!within) client.release();
  }
}
