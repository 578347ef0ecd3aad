import { getPool } from '../../../platform/db/pool.js';
import { inTransaction } from '../../../platform/db/transaction.js';
import { AppError, notFound, validationError } from '../../../platform/errors.js';
import { checkAssetScale } from '../../../platform/http/fields.js';
import { quoteSend } from '../../../platform/ledger/index.js';
import { notify } from '../../../platform/notifications/index.js';

const REQUEST_SELECT = `
  SELECT q.id, round(q.amount, a.scale)::text AS amount, q.description, q.status::text AS status,
         to_char(q.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS created_at,
         to_char(q.updated_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS updated_at, q.transaction_id,
         json_build_object('symbol', a.symbol, 'name', a.name, 'scale', a.scale) AS asset,
         json_build_object('id', rq.id, 'full_name', rq.full_name, 'username', rq.username) AS requester,
         json_build_object('id', py.id, 'full_name', py.full_name, 'username', py.username) AS payer
    FROM payment_requests q JOIN assets a ON a.id = q.asset_id
    JOIN profiles rq ON rq.id = q.requester_id JOIN profiles py ON py.id = q.payer_id`;

export async function createRequest(
  userId: string,
  b: { payerId?: string; payerEmail?: string; assetSymbol: string; amount: string; description?: string | null },
) {
  const { rows: found } = await getPool().query<{ id: string }>(
    b.payerId
      ? 'SELECT p.id FROM profiles p JOIN users u ON u.id = p.id WHERE p.id = $1 AND u.disabled_at IS NULL'
      : 'SELECT p.id FROM users u JOIN profiles p ON p.id = u.id WHERE u.email = lower($1) AND u.disabled_at IS NULL',
    [b.payerId ?? b.payerEmail],
  );
  const payer = found[0]?.id;
  const field = b.payerId ? 'payerId' : 'payerEmail';
  if (!payer) throw new AppError(404, 'NOT_FOUND', 'User not found.', { fields: { [field]: 'No such user.' } });
  if (payer === userId)
    throw validationError(
      { [field]: 'You cannot request money from yourself.' },
      'You cannot request money from yourself.',
    );
  const asset = await requestableAsset(b.assetSymbol, b.amount);
  return inTransaction(async (db) => {
    const { rows } = await db.query(
      `WITH q AS (INSERT INTO payment_requests (requester_id, payer_id, asset_id, amount, description)
                  VALUES ($1, $2, $3, $4::numeric, $5) RETURNING *)
       ${REQUEST_SELECT.replace('FROM payment_requests q', 'FROM q')}`,
      [userId, payer, asset.id, b.amount, b.description ?? null],
    );
    const request = rows[0];
    await notify(db, {
      userId: payer,
      kind: 'request_received',
      actorId: userId,
      link: '/pay',
      data: { amount: request.amount, asset: asset.symbol },
    });
    return { request };
  });
}

/**
 * The asset of a request for `amount`: it exists, the amount fits its scale, and its US-dollar value
 * is within the smallest platform cap (transaction_limit_caps), or no one could ever pay it: every
 * payment counts against the payer's daily limit, which is never above the daily cap.
 */
async function requestableAsset(symbol: string, amount: string) {
  const { rows } = await getPool().query<{ id: string; symbol: string; scale: number; over_cap: boolean; cap: string }>(
    `SELECT a.id, a.symbol, a.scale, $2::numeric * coalesce(p.price_usd, 0) > c.cap AS over_cap, money_usd(c.cap) AS cap
       FROM assets a LEFT JOIN asset_prices p ON p.asset_id = a.id CROSS JOIN (SELECT min(max_usd) AS cap FROM transaction_limit_caps) c
      WHERE a.symbol = $1`,
    [symbol, amount],
  );
  const asset = rows[0];
  if (!asset) throw validationError({ assetSymbol: 'Unknown asset.' }, 'Unknown asset.');
  checkAssetScale(asset, { amount });
  if (asset.over_cap) {
    const reason = `A payment can be at most $${asset.cap} a day, so this request could never be paid.`;
    throw validationError({ amount: reason }, reason);
  }
  return asset;
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
     SELECT (SELECT status::text FROM cur) AS status, EXISTS (SELECT 1 FROM upd) AS updated`,
    [id, userId, next],
  );
  const r = rows[0]!;
  if (r.status === null) throw notFound('Payment request not found.');
  if (!r.updated)
    throw new AppError(409, 'CONFLICT', `This payment request is already ${r.status}.`, { status: r.status });
  const { rows: out } = await getPool().query(`${REQUEST_SELECT} WHERE q.id = $1`, [id]);
  return { request: out[0] };
}

/** The pending request `id` addressed to `payerId`, as the send it would be; 404 for anyone else, 409 when no longer pending. */
export async function pendingRequestOf(payerId: string, id: string) {
  const { rows } = await getPool().query<{
    status: string;
    requester_id: string;
    symbol: string;
    amount: string;
    description: string | null;
  }>(
    `SELECT q.status::text AS status, q.requester_id, a.symbol, round(q.amount, a.scale)::text AS amount, q.description
       FROM payment_requests q JOIN assets a ON a.id = q.asset_id WHERE q.id = $1 AND q.payer_id = $2`,
    [id, payerId],
  );
  const r = rows[0];
  if (!r) throw notFound('Payment request not found.');
  if (r.status !== 'pending')
    throw new AppError(409, 'CONFLICT', `This payment request is already ${r.status}.`, { status: r.status });
  return r;
}

export async function quoteRequest(payerId: string, id: string) {
  const r = await pendingRequestOf(payerId, id);
  return quoteSend(payerId, { recipientId: r.requester_id, assetSymbol: r.symbol, amount: r.amount });
}
