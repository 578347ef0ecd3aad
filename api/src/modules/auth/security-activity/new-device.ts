// A sign-in from a device the account was not used on before is a security event: audited, shown in
// the security activity and mailed to the account. The device is the browser's user agent as each
// session stores it (refresh_tokens.user_agent); the account's very first sign-in is not news.
import type pg from 'pg';
import { recordSecurityEvent } from './service.js';

type Queryable = Pick<pg.PoolClient, 'query'>;

/** Called before the new session is stored, so its own row does not count as "seen before". */
export async function noteNewDevice(db: Queryable, userId: string, userAgent: string | null): Promise<void> {
  const { rows } = await db.query<{ signed_in_before: boolean; seen_device: boolean }>(
    `SELECT count(*) > 0 AS signed_in_before,
            coalesce(bool_or(user_agent IS NOT DISTINCT FROM $2), false) AS seen_device
       FROM refresh_tokens WHERE user_id = $1`,
    [userId, userAgent],
  );
  const seen = rows[0]!;
  if (!seen.signed_in_before || seen.seen_device) return;
  await recordSecurityEvent(db, {
    userId,
    action: 'auth.new_device_sign_in',
    data: { device: userAgent ?? 'an unnamed device' },
  });
}
