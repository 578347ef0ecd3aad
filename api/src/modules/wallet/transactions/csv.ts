import { getPool } from '../../../platform/db/pool.js';
import { STATEMENT_KINDS, STATEMENT_LINE, type StatementKind } from '../../../platform/ledger/statement.js';
import { filterKey, sideWhere, type HistoryFilter } from './service.js';
import { statementName } from '../../../platform/db/session.js';

const CSV_BATCH = 1000;
/** One batch of the statement after the keyset cursor ($2 created_at, $3 id), with the history's filters. */
function csvSql(f: HistoryFilter) {
  const sent = sideWhere('sender_id', f, 4);
  const received = sideWhere('receiver_id', f, 4);
  const after = '(created_at, id) < ($2::timestamptz, $3::uuid)';
  const text = `
  SELECT t.id, t.created_at::text AS cursor, to_char(t.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD HH24:MI:SS') AS date,
         l.kind, l.direction, l.label, l.counterparty, l.note, a.symbol, l.amount::text, l.fee::text, l.total::text, l.status
    FROM (
      (SELECT id, created_at FROM transactions WHERE ${sent.sql} AND ${after} ORDER BY created_at DESC, id DESC LIMIT ${CSV_BATCH})
      UNION ALL
      (SELECT id, created_at FROM transactions WHERE ${received.sql} AND ${after} ORDER BY created_at DESC, id DESC LIMIT ${CSV_BATCH})
      ORDER BY created_at DESC, id DESC LIMIT ${CSV_BATCH}
    ) u JOIN transactions t ON t.id = u.id JOIN assets a ON a.id = t.asset_id
    ${STATEMENT_LINE}
   ORDER BY t.created_at DESC, t.id DESC`;
  return { name: `wallet_history_csv_${filterKey(f)}`, text, filterValues: sent.values };
}

interface CsvRow {
  id: string;
  cursor: string;
  date: string;
  kind: StatementKind;
  direction: 'in' | 'out';
  label: string;
  counterparty: string | null;
  note: string | null;
  symbol: string;
  amount: string;
  fee: string;
  total: string;
  status: string;
}

/** A CSV cell: quoted when needed; text starting like a formula is prefixed with ' (CSV injection). */
export function csvCell(value: string | null | undefined, text = true): string {
  let v = value ?? '';
  if (text && /^[=+\-@\t\r]/.test(v)) v = `'${v}`;
  return /[",\r\n]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v;
}

export const CSV_HEADER =
  'Date (UTC),Type,Description,Counterparty,Note,Asset,Amount,Fee,Total,Status,Transaction ID\r\n';

/** The user's history (all of it, or what the filters keep), newest first, in batches by keyset (no OFFSET): yields CSV text chunks. */
export async function* historyCsv(userId: string, filter: HistoryFilter = {}): AsyncGenerator<string> {
  yield CSV_HEADER;
  const q = csvSql(filter);
  let cursor = 'infinity';
  let lastId = 'ffffffff-ffff-ffff-ffff-ffffffffffff';
  for (;;) {
    // SQL built per filter combination (csvSql): no generator can type it
    const { rows } = await getPool().query<CsvRow>({
      name: statementName(q.name),
      text: q.text,
      values: [userId, cursor, lastId, ...q.filterValues],
    });
    if (!rows.length) return;
    let out = '';
    for (const t of rows) {
      // amounts signed as a spreadsheet reads them: -100.00, +99.00
      out +=
        [
          t.date,
          STATEMENT_KINDS[t.kind].one,
          csvCell(t.label),
          csvCell(t.counterparty),
          csvCell(t.note),
          t.symbol,
          `${t.direction === 'out' ? '-' : '+'}${t.amount}`,
          t.fee,
          t.total.startsWith('-') ? t.total : `+${t.total}`,
          t.status,
          t.id,
        ].join(',') + '\r\n';
    }
    yield out;
    const last = rows[rows.length - 1]!;
    cursor = last.cursor;
    lastId = last.id;
    if (rows.length < CSV_BATCH) return;
  }
}
