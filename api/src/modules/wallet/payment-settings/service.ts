import { getPool } from '../../../platform/db/pool.js';
import { notFound } from '../../../platform/errors.js';

export async function paymentSettings(userId: string) {
  const { rows } = await getPool().query(
    `SELECT transaction_pin_hash IS NOT NULL AS pin_set,
            CASE WHEN pin_locked_until > now() THEN to_char(pin_locked_until AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') END AS pin_locked_until,
            default_payment_hashtags
       FROM profiles WHERE id = $1`,
    [userId],
  );
  if (!rows[0]) throw notFound('Profile not found.');
  return rows[0] as { pin_set: boolean; pin_locked_until: string | null; default_payment_hashtags: string[] };
}
