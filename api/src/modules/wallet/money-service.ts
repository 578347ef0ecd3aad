import { getPool } from '../../platform/db/pool.js';
import { AppError, notFound, validationError } from '../../platform/errors.js';

export const HISTORY_PAGE_SIZE = 10; // spec 000 §9

// One transaction row as JSON, amounts at the asset's scale; `t` transactions, `a` assets, `s`/`r` profiles.
const TX_JSON = `json_build_object(
  'id', t.id, 'created_at', to_char(t.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
  'amount', round(t.amount, a.scale)::text, 'fee', round(t.fee, a.scale)::text, 'status', t.status,
  'transaction_type', t.transaction_type, 'description', t.description,
  'asset', json_build_object('symbol', a.symbol, 'name', a.name, 'scale', a.scale),
  'sender', CASE WHEN t.sender_id IS NULL THEN NULL ELSE json_build_object('id', t.sender_id, 'full_name', s.full_name) END,
  'receiver', CASE WHEN t.receiver_id IS NULL THEN NULL ELSE json_build_object('id', t.receiver_id, 'full_name', r.full_name) END)`;

/**
 * The newest `limit` transactions of a user after skipping `offset`, as two index range scans
 * (as sender, as receiver; each stops after offset+limit rows) merged, never an OR over the table.
 * The exact total comes from the wallets' tx_count (maintained by the ledger), not from counting rows.
 * One statement, one round trip.
 */
const HISTORY_SQL = `
  WITH ids AS (
    SELECT u.id, u.created_at FROM (
      (SELECT id, created_at FROM transactions WHERE sender_id = $1 ORDER BY created_at DESC, id DESC LIMIT $2::int + $3::int)
      UNION ALL
      (SELECT id, created_at FROM transactions WHERE receiver_id = $1 ORDER BY created_at DESC, id DESC LIMIT $2::int + $3::int)
    ) u ORDER BY u.created_at DESC, u.id DESC LIMIT $2::int OFFSET $3::int)
  SELECT (SELECT coalesce(sum(tx_count), 0)::int FROM user_wallets WHERE user_id = $1) AS total,
         coalesce((SELECT json_agg(${TX_JSON} ORDER BY t.created_at DESC, t.id DESC)
            FROM ids JOIN transactions t ON t.id = ids.id JOIN assets a ON a.id = t.asset_id
            LEFT JOIN profiles s ON s.id = t.sender_id LEFT JOIN profiles r ON r.id = t.receiver_id), '[]') AS rows`;

export interface TxJson {
  id: string; created_at: string; amount: string; fee: string; status: string; transaction_type: string; description: string | null;
  asset: { symbol: string; name: string; scale: number };
  sender: { id: string; full_name: string | null } | null; receiver: { id: string; full_name: string | null } | null;
}

export async function recentTransactions(userId: string, limit: number, offset = 0): Promise<{ total: number; rows: TxJson[] }> {
  const { rows } = await getPool().query<{ total: number; rows: TxJson[] }>({ name: 'wallet_history', text: HISTORY_SQL, values: [userId, limit, offset] });
  return rows[0]!;
}

export async function historyPage(userId: string, page: number) {
  const { total, rows } = await recentTransactions(userId, HISTORY_PAGE_SIZE, (page - 1) * HISTORY_PAGE_SIZE);
  return { transactions: rows, total, page, page_size: HISTORY_PAGE_SIZE, has_next: page * HISTORY_PAGE_SIZE < total };
}

// ------------------------------------------------------------------------------------------- CSV
const CSV_BATCH = 1000;
const CSV_SQL = `
  SELECT t.id, t.created_at::text AS cursor, to_char(t.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD HH24:MI:SS') AS date,
         t.transaction_type::text AS type, t.status::text AS status, t.description, a.symbol,
         round(t.amount, a.scale)::text AS amount, round(t.fee, a.scale)::text AS fee,
         t.sender_id, t.receiver_id, s.full_name AS sender_name, r.full_name AS receiver_name
    FROM (
      (SELECT id, created_at FROM transactions WHERE sender_id = $1 AND (created_at, id) < ($2::timestamptz, $3::uuid) ORDER BY created_at DESC, id DESC LIMIT ${CSV_BATCH})
      UNION ALL
      (SELECT id, created_at FROM transactions WHERE receiver_id = $1 AND (created_at, id) < ($2::timestamptz, $3::uuid) ORDER BY created_at DESC, id DESC LIMIT ${CSV_BATCH})
      ORDER BY created_at DESC, id DESC LIMIT ${CSV_BATCH}
    ) u JOIN transactions t ON t.id = u.id JOIN assets a ON a.id = t.asset_id
    LEFT JOIN profiles s ON s.id = t.sender_id LEFT JOIN profiles r ON r.id = t.receiver_id
   ORDER BY t.created_at DESC, t.id DESC`;

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

/** The user's whole history, newest first, in batches by keyset (no OFFSET): yields CSV text chunks. */
export async function* historyCsv(userId: string): AsyncGenerator<string> {
  yield CSV_HEADER;
  let cursor = 'infinity';
  let lastId = 'ffffffff-ffff-ffff-ffff-ffffffffffff';
  for (;;) {
    const { rows } = await getPool().query<CsvRow>({ name: 'wallet_history_csv', text: CSV_SQL, values: [userId, cursor, lastId] });
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

/** The fee rule of the transfer itself (ledger_quote_fee for p2p_transfer, paid by the sender on top). */
export async function quote(assetSymbol: string, amount: string) {
  const { rows } = await getPool().query<{ scale: number; ok_sign: boolean; ok_scale: boolean; amount: string; fee: string; bearer: string; total: string }>(
    `SELECT a.scale, $2::numeric > 0 AS ok_sign, $2::numeric = round($2::numeric, a.scale) AS ok_scale,
            round($2::numeric, a.scale)::text AS amount, round(q.fee, a.scale)::text AS fee, q.bearer::text AS bearer,
            round(CASE WHEN q.bearer = 'sender' THEN $2::numeric + q.fee ELSE $2::numeric END, a.scale)::text AS total
       FROM assets a, ledger_quote_fee('p2p_transfer', a.id, greatest($2::numeric, 0)) q WHERE a.symbol = $1`, [assetSymbol, amount]);
  const r = rows[0];
  if (!r) throw validationError({ assetSymbol: 'Unknown asset.' }, 'Unknown asset.');
  if (!r.ok_sign) throw validationError({ amount: 'Amount must be greater than zero.' }, 'Amount must be greater than zero.');
  if (!r.ok_scale) {
    const m = `${assetSymbol} amounts allow at most ${r.scale} decimal places.`;
    throw validationError({ amount: m }, m);
  }
  return { asset_symbol: assetSymbol, amount: r.amount, fee: r.fee, total: r.total };
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
