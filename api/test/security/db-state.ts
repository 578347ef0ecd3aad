import { getPool } from '../../src/platform/db/pool.js';

/**
 * A fingerprint of everything a request could change: the row count of every table, and a
 * checksum of the money tables' contents (balances, entries, transactions). Bookkeeping a refused
 * request legitimately writes is left out: rate-limit counters, the audit log, and the stored
 * answer of an Idempotency-Key (a business refusal such as a wrong PIN is stored so that a retry
 * gets the same answer; schema-invalid input never reaches it).
 */
const IGNORED = new Set(['_prisma_migrations', 'rate_limit_buckets', 'audit_log', 'idempotency_keys']);

let tables: string[] | undefined;

export async function dbFingerprint(): Promise<Record<string, string | number>> {
  const pool = getPool();
  tables ??= (
    await pool.query<{ t: string }>(
      `SELECT table_name AS t FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE' ORDER BY 1`,
    )
  ).rows
    .map((r) => r.t)
    .filter((t) => !IGNORED.has(t));
  const counts = tables.map((t) => `(SELECT count(*) FROM "${t}")::int AS "${t}"`).join(', ');
  const { rows } = await pool.query(`SELECT ${counts},
    (SELECT md5(coalesce(string_agg(id::text || ':' || balance::text, ',' ORDER BY id), '')) FROM user_wallets) AS "#wallets",
    (SELECT md5(coalesce(string_agg(id::text || ':' || amount::text, ',' ORDER BY id), '')) FROM ledger_entries) AS "#entries",
    (SELECT md5(coalesce(string_agg(id::text || ':' || amount::text || ':' || status::text, ',' ORDER BY id), '')) FROM transactions) AS "#transactions"`);
  return rows[0] as Record<string, string | number>;
}
