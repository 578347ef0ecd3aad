import { getPool } from '../../platform/db/pool.js';
import { AppError, notFound, validationError } from '../../platform/errors.js';

export const HISTORY_PAGE_SIZE = 10; // spec 000 §9

/**
 * The fee the CALLER paid for a transaction (the Fee column), from the ledger itself: `mine` is the
 * net of the caller's wallet entries for it. A sender paid what left the wallet beyond the amount; a
 * receiver paid what is missing from the amount (a fee taken from the amount). So the receiver of a
 * transfer whose fee the sender paid sees 0, whatever the fee schedule says today.
 */
const FEE_PAID_BY_CALLER = `greatest(CASE WHEN t.sender_id = $1 THEN -mine.net - t.amount ELSE t.amount - mine.net END, 0)`;
const MINE_JOIN = `LEFT JOIN LATERAL (SELECT coalesce(sum(e.amount), 0) AS net FROM ledger_entries e
                     JOIN user_wallets w ON w.id = e.wallet_id AND w.user_id = $1 WHERE e.transaction_id = t.id) mine ON true`;

// One transaction row as JSON, amounts at the asset's scale; `t` transactions, `a` assets, `s`/`r` profiles.
const TX_JSON = `json_build_object(
  'id', t.id, 'created_at', to_char(t.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
  'amount', round(t.amount, a.scale)::text, 'fee', round(${FEE_PAID_BY_CALLER}, a.scale)::text, 'status', t.status,
  'transaction_type', t.transaction_type, 'description', t.description,
  'asset', json_build_object('symbol', a.symbol, 'name', a.name, 'scale', a.scale),
  'sender', CASE WHEN t.sender_id IS NULL THEN NULL ELSE json_build_object('id', t.sender_id, 'full_name', s.full_name) END,
  'receiver', CASE WHEN t.receiver_id IS NULL THEN NULL ELSE json_build_object('id', t.receiver_id, 'full_name', r.full_name) END)`;

/** Filters of the history and the CSV statement (all optional; dates are UTC days, both inclusive). */
export interface HistoryFilter { type?: string; asset?: string; from?: string; to?: string }

/**
 * The WHERE of one side of the history (`side` = sender_id or receiver_id) and its parameters after
 * `first`. Every filter narrows the same index range: (side, created_at, id) for dates and type,
 * (side, asset_id, created_at, id) when an asset is chosen (migration 20260107000300_history_filters).
 * One SQL text per combination of filters, so each prepared statement keeps a plan that uses its index.
 */
function sideWhere(side: 'sender_id' | 'receiver_id', f: HistoryFilter, first: number) {
  const where = [`${side} = $1`];
  const values: string[] = [];
  const add = (sql: (n: number) => string, v: string) => { values.push(v); where.push(sql(first + values.length - 1)); };
  if (f.asset) add((n) => `asset_id = (SELECT id FROM assets WHERE symbol = $${n})`, f.asset);
  if (f.type) add((n) => `transaction_type = $${n}::transaction_type`, f.type);
  if (f.from) add((n) => `created_at >= ($${n}::date)::timestamp AT TIME ZONE 'UTC'`, f.from);
  if (f.to) add((n) => `created_at < ($${n}::date + 1)::timestamp AT TIME ZONE 'UTC'`, f.to);
  return { sql: where.join(' AND '), values };
}
const filterKey = (f: HistoryFilter) => ['asset', 'type', 'from', 'to'].filter((k) => f[k as keyof HistoryFilter]).join('_') || 'all';
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
            ${MINE_JOIN}), '[]') AS rows`;
  return { name: `wallet_history_${filterKey(f)}`, text, filterValues: sent.values };
}

export interface TxJson {
  id: string; created_at: string; amount: string; fee: string; status: string; transaction_type: string; description: string | null;
  asset: { symbol: string; name: string; scale: number };
  sender: { id: string; full_name: string | null } | null; receiver: { id: string; full_name: string | null } | null;
}

/** An asset filter naming no asset is a mistake of the caller (400 at the field), not an empty page. */
export async function checkAssetFilter(f: HistoryFilter) {
  if (!f.asset) return;
  const { rowCount } = await getPool().query('SELECT 1 FROM assets WHERE symbol = $1', [f.asset]);
  if (!rowCount) throw validationError({ asset: 'Unknown asset.' }, 'Unknown asset.');
}

export async function recentTransactions(userId: string, limit: number, offset = 0, filter: HistoryFilter = {}): Promise<{ total: number; rows: TxJson[] }> {
  const q = historySql(filter);
  const { rows } = await getPool().query<{ total: number; rows: TxJson[] }>({ name: q.name, text: q.text, values: [userId, limit, offset, ...q.filterValues] });
  return rows[0]!;
}

export async function historyPage(userId: string, page: number, filter: HistoryFilter = {}) {
  await checkAssetFilter(filter);
  const { total, rows } = await recentTransactions(userId, HISTORY_PAGE_SIZE, (page - 1) * HISTORY_PAGE_SIZE, filter);
  return { transactions: rows, total, page, page_size: HISTORY_PAGE_SIZE, has_next: page * HISTORY_PAGE_SIZE < total };
}

// ------------------------------------------------------------------------------------------- CSV
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

// ------------------------------------------------------------------------------------------- assets, settings, quote
export async function fundedWallets(userId: string, scope: 'funded' | 'all' = 'funded') {
  const { rows } = await getPool().query(
    scope === 'funded'
      ? `SELECT w.id, round(w.balance, a.scale)::text AS balance,
                json_build_object('id', a.id, 'symbol', a.symbol, 'name', a.name, 'scale', a.scale, 'logo_url', a.logo_url) AS asset
           FROM user_wallets w JOIN assets a ON a.id = w.asset_id
          WHERE w.user_id = $1 AND w.balance > 0 ORDER BY a.symbol`
      : `SELECT coalesce(w.id, a.id) AS id, round(coalesce(w.balance, 0), a.scale)::text AS balance,
                json_build_object('id', a.id, 'symbol', a.symbol, 'name', a.name, 'scale', a.scale, 'logo_url', a.logo_url) AS asset
           FROM assets a LEFT JOIN user_wallets w ON w.asset_id = a.id AND w.user_id = $1 ORDER BY a.symbol`, [userId]);
  return { wallets: rows };
}

export async function paymentSettings(userId: string) {
  const { rows } = await getPool().query(
    `SELECT transaction_pin_hash IS NOT NULL AS pin_set,
            CASE WHEN pin_locked_until > now() THEN to_char(pin_locked_until AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') END AS pin_locked_until,
            default_payment_hashtags
       FROM profiles WHERE id = $1`, [userId]);
  if (!rows[0]) throw notFound('Profile not found.');
  return rows[0] as { pin_set: boolean; pin_locked_until: string | null; default_payment_hashtags: string[] };
}

/** What a send would do, asked before the PIN: the recipient by e-mail or id (optional) and the amount of an asset. */
export interface SendCheck { recipientEmail?: string | null; recipientId?: string | null; assetSymbol: string; amount: string }

/**
 * PROVISIONAL until platform/ledger's quoteSend (w/ledger's wallet_send_check) lands: the checks of
 * wallet_send before the PIN, in its order and words (input, recipient, balance with the fee).
 */
export async function quoteTransfer(senderId: string, q: SendCheck) {
  const byId = !!q.recipientId;
  const { rows } = await getPool().query<{ scale: number; amount: string; fee: string; total: string; ok_sign: boolean; ok_scale: boolean; covered: boolean; balance: string; recipient_id: string | null; recipient_name: string | null }>(
    `SELECT a.scale, $2::numeric > 0 AS ok_sign, $2::numeric = round($2::numeric, a.scale) AS ok_scale,
            round($2::numeric, a.scale)::text AS amount, round(f.fee, a.scale)::text AS fee,
            round($2::numeric + CASE WHEN f.bearer = 'sender' THEN f.fee ELSE 0 END, a.scale)::text AS total,
            coalesce(w.balance, 0) >= $2::numeric + CASE WHEN f.bearer = 'sender' THEN f.fee ELSE 0 END AS covered,
            round(coalesce(w.balance, 0), a.scale)::text AS balance, rc.id AS recipient_id, rc.full_name AS recipient_name
       FROM assets a
       CROSS JOIN LATERAL ledger_quote_fee('p2p_transfer', a.id, greatest($2::numeric, 0)) f
       LEFT JOIN user_wallets w ON w.user_id = $3 AND w.asset_id = a.id
       LEFT JOIN LATERAL (SELECT p.id, p.full_name FROM users u JOIN profiles p ON p.id = u.id
                           WHERE u.disabled_at IS NULL AND (u.id = $4::uuid OR ($4::uuid IS NULL AND u.email = lower(btrim($5))))) rc ON true
      WHERE a.symbol = $1`, [q.assetSymbol, q.amount, senderId, q.recipientId ?? null, q.recipientEmail ?? null]);
  const r = rows[0];
  if (!r) throw validationError({ assetSymbol: 'Unknown asset.' }, 'Unknown asset.');
  if (!r.ok_sign) throw validationError({ amount: 'Amount must be greater than zero.' }, 'Amount must be greater than zero.');
  if (!r.ok_scale) {
    const m = `${q.assetSymbol} amounts allow at most ${r.scale} decimal places.`;
    throw validationError({ amount: m }, m);
  }
  const named = byId || !!q.recipientEmail;
  if (named && !r.recipient_id) throw new AppError(404, 'NOT_FOUND', 'Recipient not found.', { fields: { [byId ? 'recipientId' : 'recipientEmail']: 'No user with this e-mail address.' } });
  if (named && r.recipient_id === senderId) throw validationError({ recipientEmail: 'You cannot send money to yourself.' }, 'You cannot send money to yourself.');
  if (!r.covered) {
    throw new AppError(409, 'INSUFFICIENT_FUNDS', `You do not have enough ${q.assetSymbol}.`,
      { title: 'Insufficient Balance', balance: r.balance, amount: r.amount, fee: r.fee, needed: r.total });
  }
  return { asset_symbol: q.assetSymbol, amount: r.amount, fee: r.fee, total: r.total, recipient: named ? { id: r.recipient_id!, full_name: r.recipient_name } : null };
}

/** The pending request `id` addressed to `payerId`, as the send it would be; 404 for anyone else, 409 when no longer pending. */
export async function pendingRequestOf(payerId: string, id: string) {
  const { rows } = await getPool().query<{ status: string; requester_id: string; symbol: string; amount: string; description: string | null }>(
    `SELECT q.status::text AS status, q.requester_id, a.symbol, round(q.amount, a.scale)::text AS amount, q.description
       FROM payment_requests q JOIN assets a ON a.id = q.asset_id WHERE q.id = $1 AND q.payer_id = $2`, [id, payerId]);
  const r = rows[0];
  if (!r) throw notFound('Payment request not found.');
  if (r.status !== 'pending') throw new AppError(409, 'CONFLICT', `This payment request is already ${r.status}.`, { status: r.status });
  return r;
}

/** The requester's note of a request addressed to `payerId` (null when none or not theirs: the send answers that). */
export async function requestNote(payerId: string, id: string): Promise<string | null> {
  const { rows } = await getPool().query<{ description: string | null }>('SELECT description FROM payment_requests WHERE id = $1 AND payer_id = $2', [id, payerId]);
  return rows[0]?.description ?? null;
}

export async function quoteRequest(payerId: string, id: string) {
  const r = await pendingRequestOf(payerId, id);
  return quoteTransfer(payerId, { recipientId: r.requester_id, assetSymbol: r.symbol, amount: r.amount });
}

// ------------------------------------------------------------------------------------------- user search
/** Above this many hits in one column a search text counts as common (see searchUsers). */
const SEARCH_CAP = 500;

export async function searchUsers(userId: string, q: string) {
  const pattern = `%${q.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
  const { rows } = await getPool().query(
    // Rare text: up to SEARCH_CAP hits from each column's trigram index, then sorted. Common text (a
    // cap reached): walk profiles in display order and stop at the 10th match. One statement; the
    // branch not taken is cut by its one-time filter.
    `WITH hits AS MATERIALIZED (
            (SELECT id FROM profiles WHERE full_name ILIKE $2 LIMIT ${SEARCH_CAP})
      UNION (SELECT id FROM profiles WHERE username ILIKE $2 LIMIT ${SEARCH_CAP})
      UNION (SELECT id FROM users WHERE email ILIKE $2 LIMIT ${SEARCH_CAP})),
     rare AS (SELECT count(*) < ${SEARCH_CAP} AS yes FROM hits)
     (SELECT p.id, p.full_name, p.username, p.avatar_url
        FROM hits JOIN profiles p ON p.id = hits.id JOIN users u ON u.id = p.id
       WHERE (SELECT yes FROM rare) AND p.id <> $1 AND u.disabled_at IS NULL
       ORDER BY lower(p.full_name) NULLS LAST, p.username NULLS LAST, p.id LIMIT 10)
     UNION ALL
     (SELECT p.id, p.full_name, p.username, p.avatar_url
        FROM profiles p JOIN users u ON u.id = p.id
       WHERE NOT (SELECT yes FROM rare) AND p.id <> $1 AND u.disabled_at IS NULL
         AND (p.full_name ILIKE $2 OR p.username ILIKE $2 OR u.email ILIKE $2)
       ORDER BY lower(p.full_name) NULLS LAST, p.username NULLS LAST, p.id LIMIT 10)`, [userId, pattern]);
  return { users: rows };
}

// ------------------------------------------------------------------------------------------- payment requests
const REQUEST_SELECT = `
  SELECT q.id, round(q.amount, a.scale)::text AS amount, q.description, q.status::text AS status,
         to_char(q.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS created_at,
         to_char(q.updated_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS updated_at, q.transaction_id,
         json_build_object('symbol', a.symbol, 'name', a.name, 'scale', a.scale) AS asset,
         json_build_object('id', rq.id, 'full_name', rq.full_name, 'username', rq.username) AS requester,
         json_build_object('id', py.id, 'full_name', py.full_name, 'username', py.username) AS payer
    FROM payment_requests q JOIN assets a ON a.id = q.asset_id
    JOIN profiles rq ON rq.id = q.requester_id JOIN profiles py ON py.id = q.payer_id`;

export async function createRequest(userId: string, b: { payerId?: string; payerEmail?: string; assetSymbol: string; amount: string; description?: string | null }) {
  const { rows: found } = await getPool().query<{ id: string }>(
    b.payerId
      ? 'SELECT p.id FROM profiles p JOIN users u ON u.id = p.id WHERE p.id = $1 AND u.disabled_at IS NULL'
      : 'SELECT p.id FROM users u JOIN profiles p ON p.id = u.id WHERE u.email = lower($1) AND u.disabled_at IS NULL',
    [b.payerId ?? b.payerEmail]);
  const payer = found[0]?.id;
  const field = b.payerId ? 'payerId' : 'payerEmail';
  if (!payer) throw new AppError(404, 'NOT_FOUND', 'User not found.', { fields: { [field]: 'No such user.' } });
  if (payer === userId) throw validationError({ [field]: 'You cannot request money from yourself.' }, 'You cannot request money from yourself.');
  const { rows: asset } = await getPool().query<{ id: string; scale: number }>('SELECT id, scale FROM assets WHERE symbol = $1', [b.assetSymbol]);
  if (!asset[0]) throw validationError({ assetSymbol: 'Unknown asset.' }, 'Unknown asset.');
  const { rows: check } = await getPool().query<{ pos: boolean; fits: boolean }>(
    'SELECT $1::numeric > 0 AS pos, $1::numeric = round($1::numeric, $2::int) AS fits', [b.amount, asset[0].scale]);
  if (!check[0]!.pos) throw validationError({ amount: 'Amount must be greater than zero.' }, 'Amount must be greater than zero.');
  if (!check[0]!.fits) {
    const m = `${b.assetSymbol} amounts allow at most ${asset[0].scale} decimal places.`;
    throw validationError({ amount: m }, m);
  }
  const { rows } = await getPool().query(
    `WITH q AS (INSERT INTO payment_requests (requester_id, payer_id, asset_id, amount, description)
                VALUES ($1, $2, $3, $4::numeric, $5) RETURNING *)
     ${REQUEST_SELECT.replace('FROM payment_requests q', 'FROM q')}`,
    [userId, payer, asset[0].id, b.amount, b.description ?? null]);
  return { request: rows[0] };
}

export async function listRequests(userId: string) {
  const [incoming, outgoing] = await Promise.all([
    getPool().query(`${REQUEST_SELECT} WHERE q.payer_id = $1 ORDER BY q.created_at DESC LIMIT 50`, [userId]),
    getPool().query(`${REQUEST_SELECT} WHERE q.requester_id = $1 ORDER BY q.created_at DESC LIMIT 50`, [userId]),
  ]);
  return { incoming: incoming.rows, outgoing: outgoing.rows };
}

/** decline (payer) or cancel (requester) a pending request; anyone else gets 404. */
export async function closeRequest(userId: string, id: string, as: 'payer' | 'requester') {
  const column = as === 'payer' ? 'payer_id' : 'requester_id';
  const next = as === 'payer' ? 'declined' : 'cancelled';
  const { rows } = await getPool().query<{ status: string | null; updated: boolean }>(
    `WITH cur AS (SELECT id, status FROM payment_requests WHERE id = $1 AND ${column} = $2),
          upd AS (UPDATE payment_requests q SET status = $3, updated_at = now() FROM cur WHERE q.id = cur.id AND q.status = 'pending' RETURNING q.id)
     SELECT (SELECT status::text FROM cur) AS status, EXISTS (SELECT 1 FROM upd) AS updated`, [id, userId, next]);
  const r = rows[0]!;
  if (r.status === null) throw notFound('Payment request not found.');
  if (!r.updated) throw new AppError(409, 'CONFLICT', `This payment request is already ${r.status}.`, { status: r.status });
  const { rows: out } = await getPool().query(`${REQUEST_SELECT} WHERE q.id = $1`, [id]);
  return { request: out[0] };
}
