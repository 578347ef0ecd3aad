import { getPool } from '../../../platform/db/pool.js';
import { AppError, validationError } from '../../../platform/errors.js';

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
