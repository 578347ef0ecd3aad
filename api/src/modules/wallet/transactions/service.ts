import { getPool } from '../../../platform/db/pool.js';
import type { z } from '@hono/zod-openapi';
import { validationError } from '../../../platform/errors.js';
import {
  STATEMENT_JSON_FIELDS,
  STATEMENT_KINDS,
  STATEMENT_KIND_VALUES,
  STATEMENT_LINE,
  kindCondition,
  type StatementLine,
} from '../../../platform/ledger/statement.js';
import { statementName } from '../../../platform/db/session.js';
import type { SqlReader } from '../../../platform/db/replica.js';
import { assetExists } from './asset-filter.queries.js';

export const HISTORY_PAGE_SIZE = 10; // docs/product.md "Transaction history"
/** The type filter's choices, in the statement's words (every kind a line can have). */
const KIND_CHOICES = STATEMENT_KIND_VALUES.map((value) => ({ value, label: STATEMENT_KINDS[value].many }));

// One transaction row as JSON: the statement's line `l` (platform/ledger/statement.ts) with the
// transaction's id, time, type, asset and parties; `t` transactions, `a` assets, `s`/`r` profiles.
const TX_JSON = `json_build_object(
  'id', t.id, 'created_at', to_char(t.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
  ${STATEMENT_JSON_FIELDS}, 'transaction_type', t.transaction_type,
  'asset', json_build_object('symbol', a.symbol, 'name', a.name, 'scale', a.scale),
  'sender', CASE WHEN t.sender_id IS NULL THEN NULL ELSE json_build_object('id', t.sender_id, 'full_name', s.full_name) END,
  'receiver', CASE WHEN t.receiver_id IS NULL THEN NULL ELSE json_build_object('id', t.receiver_id, 'full_name', r.full_name) END)`;

/** Filters of the history and the CSV statement (all optional; dates are UTC days, both inclusive). */
export interface HistoryFilter {
  type?: string;
  asset?: string;
  from?: string;
  to?: string;
}

/**
 * The WHERE of one side of the history (`side` = sender_id or receiver_id) and its parameters after
 * `first`. Every filter narrows the same index range: (side, created_at, id) for dates and the kind
 * (statement_kind(), prisma/sql/statement.sql: a withdrawal is found whether it is a hold, a refund or a reversal),
 * (side, asset_id, created_at, id) when an asset is chosen (indexes of the baseline migration).
 * One SQL text per combination of filters, so each prepared statement keeps a plan that uses its index.
 */
export function sideWhere(side: 'sender_id' | 'receiver_id', f: HistoryFilter, first: number) {
  const where = [`${side} = $1`];
  const values: string[] = [];
  const add = (sql: (n: number) => string, v: string) => {
    values.push(v);
    where.push(sql(first + values.length - 1));
  };
  if (f.asset) add((n) => `asset_id = (SELECT id FROM assets WHERE symbol = $${n})`, f.asset);
  if (f.type) add((n) => kindCondition(side, n), f.type);
  if (f.from) add((n) => `created_at >= ($${n}::date)::timestamp AT TIME ZONE 'UTC'`, f.from);
  if (f.to) add((n) => `created_at < ($${n}::date + 1)::timestamp AT TIME ZONE 'UTC'`, f.to);
  return { sql: where.join(' AND '), values };
}
export const filterKey = (f: HistoryFilter) =>
  ['asset', 'type', 'from', 'to'].filter((k) => f[k as keyof HistoryFilter]).join('_') || 'all';
const isFiltered = (f: HistoryFilter) => filterKey(f) !== 'all';

/**
 * The newest `limit` transactions of a user after skipping `offset`, as two index range scans
 * (as sender, as receiver; each stops after offset+limit rows) merged, never an OR over the table.
 * The exact total: unfiltered, the wallets' tx_count (maintained by the ledger); filtered, a count
 * of the same two index ranges. One statement, one round trip.
 */
function historySql(f: HistoryFilter) {
  const sent = sideWhere('sender_id', f, 4);
  const received = sideWhere('receiver_id', f, 4); // same filters, same parameter numbers
  const total = isFiltered(f)
    ? `(SELECT (SELECT count(*) FROM transactions WHERE ${sent.sql}) + (SELECT count(*) FROM transactions WHERE ${received.sql}))::int`
    : `(SELECT coalesce(sum(tx_count), 0)::int FROM user_wallets WHERE user_id = $1)`;
  const text = `
  WITH ids AS (
    SELECT u.id, u.created_at FROM (
      (SELECT id, created_at FROM transactions WHERE ${sent.sql} ORDER BY created_at DESC, id DESC LIMIT $2::int + $3::int)
      UNION ALL
      (SELECT id, created_at FROM transactions WHERE ${received.sql} ORDER BY created_at DESC, id DESC LIMIT $2::int + $3::int)
    ) u ORDER BY u.created_at DESC, u.id DESC LIMIT $2::int OFFSET $3::int)
  SELECT ${total} AS total,
         coalesce((SELECT json_agg(${TX_JSON} ORDER BY t.created_at DESC, t.id DESC)
            FROM ids JOIN transactions t ON t.id = ids.id JOIN assets a ON a.id = t.asset_id
            LEFT JOIN profiles s ON s.id = t.sender_id LEFT JOIN profiles r ON r.id = t.receiver_id
            ${STATEMENT_LINE}), '[]') AS rows`;
  return { name: `wallet_history_${filterKey(f)}`, text, filterValues: sent.values };
}

export type TxJson = z.infer<typeof StatementLine>;

/** An asset filter naming no asset is a mistake of the caller (400 at the field), not an empty page. */
export async function checkAssetFilter(f: HistoryFilter) {
  if (!f.asset) return;
  // on the history page's measured path (before its stream starts): one index probe in SQL
  const found = await assetExists.run({ symbol: f.asset }, getPool());
  if (!found.length) throw validationError({ asset: 'Unknown asset.' }, 'Unknown asset.');
}

type HistoryRows = { total: number; rows: TxJson[] };

/** `sql` reads elsewhere than the pool (a replica, platform/db/replica.ts); the pool keeps the named prepared statement. */
export async function recentTransactions(
  userId: string,
  limit: number,
  offset = 0,
  filter: HistoryFilter = {},
  sql?: SqlReader,
): Promise<HistoryRows> {
  const q = historySql(filter);
  const values = [userId, limit, offset, ...q.filterValues];
  // SQL built per filter combination (historySql): no generator can type it
  const { rows } = sql
    ? await sql.query<HistoryRows>(q.text, values)
    : await getPool().query<HistoryRows>({ name: statementName(q.name), text: q.text, values });
  return rows[0]!;
}

export async function historyPage(userId: string, page: number, filter: HistoryFilter = {}, sql?: SqlReader) {
  await checkAssetFilter(filter);
  const offset = (page - 1) * HISTORY_PAGE_SIZE;
  const { total, rows } = await recentTransactions(userId, HISTORY_PAGE_SIZE, offset, filter, sql);
  return {
    transactions: rows,
    total,
    page,
    page_size: HISTORY_PAGE_SIZE,
    has_next: page * HISTORY_PAGE_SIZE < total,
    kinds: KIND_CHOICES,
  };
}
