// One-time recovery codes: ten, shown once when the authenticator app is turned on (or the codes are
// renewed), stored as keyed hashes (HMAC-SHA256 with a key derived from JWT_SECRET; 40 random bits
// each, so a copy of the database without the key cannot try them), each spent once.
import crypto from 'node:crypto';
import type pg from 'pg';
import { jwtSecret } from '../../../platform/auth/secret.js';

type Queryable = Pick<pg.PoolClient, 'query'>;

export const RECOVERY_CODE_COUNT = 10;
export const RECOVERY_CODE_PATTERN = /^[a-z2-9]{5}-?[a-z2-9]{5}$/i;
const ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789'; // no 0/o, 1/l/i

let key: Buffer | undefined;
const hashKey = () =>
  (key ??= Buffer.from(crypto.hkdfSync('sha256', jwtSecret(), Buffer.alloc(0), 'portal recovery codes', 32)));
const normalize = (code: string) => code.toLowerCase().replace(/-/g, '');
const hashCode = (userId: string, code: string) =>
  crypto
    .createHmac('sha256', hashKey())
    .update(`${userId}:${normalize(code)}`)
    .digest('hex');

function newCode(): string {
  const chars = Array.from({ length: 10 }, () => ALPHABET[crypto.randomInt(ALPHABET.length)]).join('');
  return `${chars.slice(0, 5)}-${chars.slice(5)}`;
}

/** Replaces the user's codes with ten new ones; returns them (the only time they are readable). */
export async function replaceRecoveryCodes(db: Queryable, userId: string): Promise<string[]> {
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newCode);
  await db.query('DELETE FROM recovery_codes WHERE user_id = $1', [userId]);
  await db.query('INSERT INTO recovery_codes (user_id, code_hash) SELECT $1, unnest($2::text[])', [
    userId,
    codes.map((c) => hashCode(userId, c)),
  ]);
  return codes;
}

/** Spends a code: true once, false for an unknown or already used one. */
export async function spendRecoveryCode(db: Queryable, userId: string, code: string): Promise<boolean> {
  const { rowCount } = await db.query(
    'UPDATE recovery_codes SET used_at = now() WHERE user_id = $1 AND code_hash = $2 AND used_at IS NULL',
    [userId, hashCode(userId, code)],
  );
  return rowCount === 1;
}

export async function recoveryCodesLeft(db: Queryable, userId: string): Promise<number> {
  const { rows } = await db.query<{ n: number }>(
    'SELECT count(*)::int AS n FROM recovery_codes WHERE user_id = $1 AND used_at IS NULL',
    [userId],
  );
  return rows[0]?.n ?? 0;
}
