import { dummyPasswordHash, verifyPassword } from '../../platform/auth/passwords.js';
import { getPool } from '../../platform/db/pool.js';
import { unauthenticated, validationError } from '../../platform/errors.js';
import * as rateLimit from '../../platform/rate-limit.js';

/**
 * The account password re-typed to confirm a sensitive action (deletion, PIN reset): 5 tries per
 * 15 minutes under `rateKey`; a wrong one is 400 on the field `password`.
 */
export async function assertOwnPassword(userId: string, password: string, rateKey: string) {
  await rateLimit.enforce(
    rateKey,
    5,
    15 * 60,
    (s) => `Too many attempts. Please try again in ${Math.ceil(s / 60)} minutes.`,
  );
  const { rows } = await getPool().query<{ password_hash: string | null }>(
    'SELECT password_hash FROM users WHERE id = $1 AND disabled_at IS NULL',
    [userId],
  );
  const hash = rows[0]?.password_hash;
  const ok = await verifyPassword(hash ?? (await dummyPasswordHash()), password);
  if (!rows[0]) throw unauthenticated();
  if (!hash || !ok) throw validationError({ password: 'The password is incorrect.' }, 'The password is incorrect.');
}
