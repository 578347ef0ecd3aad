import type pg from 'pg';
import { getPool } from '../db/pool.js';
import type { PreparedQuery } from '../db/typed-sql.js';
import { recordBooksCheck } from '../metrics/index.js';
import * as books from './check-books.queries.js';

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
 * entries (L7). Each check of check-books.sql lists the rows that break one (none: the books hold).
 * Reads in one REPEATABLE READ snapshot so concurrent posting cannot produce a false alarm; or, given
 * `within`, inside that client's open transaction (tests look at rows they are about to roll back).
 */
export async function checkBooks(within?: pg.PoolClient): Promise<BooksReport> {
  const client = within ?? (await getPool().connect());
  const problems: string[] = [];
  try {
    if (!within) await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
    const q = async <R>(check: PreparedQuery<void, R>, describe: (r: R) => string) => {
      for (const r of await check.run(undefined, client)) problems.push(describe(r));
    };
    await q(books.unbalancedAssets, (r) => `asset ${r.symbol}: entries sum to ${r.total}, not 0`);
    await q(books.unbalancedTransactions, (r) => `transaction ${r.transaction_id}: entries sum to ${r.total}, not 0`);
    await q(books.transactionsWithoutEntries, (r) => `transaction ${r.id} has no ledger entries`);
    await q(books.walletsOffTheirEntries, (r) => `wallet ${r.id}: balance ${r.balance} but entries sum to ${r.total}`);
    await q(books.entriesInAnotherAsset, (r) => `ledger entry ${r.id}: asset differs from its account's`);
    await q(books.negativeWallets, (r) => `wallet ${r.id} is negative: ${r.balance}`);
    await q(books.entriesWithMissingRows, (r) => `ledger entry ${r.id} references a missing row`);
    await q(books.transactionsWithMissingRows, (r) => `transaction ${r.id} references a missing row`);
    await q(
      books.holdsOffTheirEntries,
      (r) => `escrow ${r.reference_type} ${r.reference_id}: held ${r.held} but its escrow entries sum to ${r.total}`,
    );
    await q(books.escrowEntriesWithoutHold, (r) => `ledger entry ${r.id} moves escrow without a hold`);

    const totals: BooksReport['totals'] = {};
    for (const r of await books.walletTotals.run(undefined, client))
      totals[r.symbol] = { wallets: r.total, system: {} };
    for (const r of await books.systemTotals.run(undefined, client))
      (totals[r.symbol] ??= { wallets: '0', system: {} }).system[r.code] = r.balance;
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
