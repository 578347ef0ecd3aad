import { getPool } from '../../../platform/db/pool.js';
import { FEE_PAID_BY_CALLER, MINE_JOIN, filterKey, sideWhere, type HistoryFilter } from './service.js';

const CSV_BATCH = 1000;
/** One batch of the statement after the keyset cursor ($2 created_at, $3 id), with the history's filters. */
function csvSql(f: HistoryFilter) {
  const sent = sideWhere('sender_id', f, 4);
  const received = sideWhere('receiver_id', f, 4);
  const after = '(created_at, id) < ($2::timestamptz, $3::uuid)';
  const text = `
  SELECT t.id, t.created_at::text AS cursor, to_char(t.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD HH24:MI:SS') AS date,
         t.transaction_type::text AS type, t.status::text AS status, t.description, a.symbol,
         round(t.amount, a.scale)::text AS amount, round(${FEE_PAID_BY_CALLER}, a.scale)::text AS fee,
         t.sender_id, t.receiver_id, s.full_name AS sender_name, r.full_name AS receiver_name
    FROM (
      (SELECT id, created_at FROM transactions WHERE ${sent.sql} AND ${after} ORDER BY created_at DESC, id DESC LIMIT ${CSV_BATCH})
      UNION ALL
      (SELECT id, created_at FROM transactions WHERE ${received.sql} AND ${after} ORDER BY created_at DESC, id DESC LIMIT ${CSV_BATCH})
      ORDER BY created_at DESC, id DESC LIMIT ${CSV_BATCH}
    ) u JOIN transactions t ON t.id = u.id JOIN assets a ON a.id = t.asset_id
    LEFT JOIN profiles s ON s.id = t.sender_id LEFT JOIN profiles r ON r.id = t.receiver_id
    ${MINE_JOIN}
   ORDER BY t.created_at DESC, t.id DESC`;
  return { name: `wallet_history_csv_${filterKey(f)}`, text, filterValues: sent.values };
}

interface CsvRow {
  id: string; cursor: string; date: string; type: string; status: string; description: string | null; symbol: string;
  amount: string; fee: string; sender_id: string | null; receiver_id: string | null; sender_name: string | null; receiver_name: string | null;
}

/** A CSV cell: quoted when needed; text starting like a formula is prefixed with ' (CSV injection). */
export function csvCell(value: string | null | undefined, text = true): string {
  let v = value ?? '';
  if (text && /^[=+\-@\t\r]/.test(v)) v = `'${v}`;
  return /[",\r\n]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v;
}

export const CSV_HEADER = 'Date (UTC),Type,Direction,Counterparty,Description,Asset,Amount,Fee,Status,Transaction ID\r\n';

/** The user's history (all of it, or what the filters keep), newest first, in batches by keyset (no OFFSET): yields CSV text chunks. */
export async function* historyCsv(userId: string, filter: HistoryFilter = {}): AsyncGenerator<string> {
  yield CSV_HEADER;
  const q = csvSql(filter);
  let cursor = 'infinity';
  let lastId = 'ffffffff-ffff-ffff-ffff-ffffffffffff';
  for (;;) {
    const { rows } = await getPool().query<CsvRow>({ name: q.name, text: q.text, values: [userId, cursor, lastId, ...q.filterValues] });
    if (!rows.length) return;
    let out = '';
    for (const t of rows) {
      const outgoing = t.sender_id === userId;
      const sign = outgoing || t.type === 'withdrawal' ? '-' : '+';
      const counterparty = t.type === 'p2p_transfer'
        ? (outgoing ? t.receiver_name || 'Unknown Receiver' : t.sender_name || 'Unknown Sender')
        : t.type === 'deposit' ? 'Deposit' : t.type === 'withdrawal' ? 'Withdrawal' : t.type.replace(/_/g, ' ');
      out += [t.date, t.type, outgoing ? 'Sent' : 'Received', csvCell(counterparty), csvCell(t.description), t.symbol,
        `${sign}${t.amount}`, t.fee, t.status, t.id].join(',') + '\r\n';
    }
    yield out;
    const last = rows[rows.length - 1]!;
    cursor = last.cursor;
    lastId = last.id;
    if (rows.length < CSV_BATCH) return;
  }
}
