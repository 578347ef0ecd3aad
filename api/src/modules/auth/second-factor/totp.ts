// Authenticator-app codes (RFC 6238: SHA-1, 6 digits, 30-second steps) with the otpauth library.
// The shared secret is stored sealed (AES-256-GCM, key derived from JWT_SECRET): a copy of the
// database alone cannot produce codes. A code is accepted for the current step or one step either
// side (a phone clock up to 30 seconds off), and never twice: totp_factors.last_step only moves forward.
import crypto from 'node:crypto';
import { Secret, TOTP } from 'otpauth';
import type pg from 'pg';
import { jwtSecret } from '../../../platform/auth/secret.js';

type Queryable = Pick<pg.PoolClient, 'query'>;

export const TOTP_PERIOD_SECONDS = 30;
export const TOTP_WINDOW_STEPS = 1;
const ISSUER = 'Portal';

let key: Buffer | undefined;
const sealKey = () =>
  (key ??= Buffer.from(crypto.hkdfSync('sha256', jwtSecret(), Buffer.alloc(0), 'portal totp secret at rest', 32)));

export function sealSecret(base32: string): string {
  const iv = crypto.randomBytes(12);
  const cipher = crypto.createCipheriv('aes-256-gcm', sealKey(), iv);
  const data = Buffer.concat([cipher.update(base32, 'utf8'), cipher.final()]);
  return `v1:${Buffer.concat([iv, cipher.getAuthTag(), data]).toString('base64')}`;
}

function openSecret(sealed: string): string {
  const raw = Buffer.from(sealed.slice(3), 'base64');
  const decipher = crypto.createDecipheriv('aes-256-gcm', sealKey(), raw.subarray(0, 12));
  decipher.setAuthTag(raw.subarray(12, 28));
  return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8');
}

export const totpFor = (base32: string, label = '') =>
  new TOTP({
    issuer: ISSUER,
    label,
    algorithm: 'SHA1',
    digits: 6,
    period: TOTP_PERIOD_SECONDS,
    secret: Secret.fromBase32(base32),
  });

export const newTotpSecret = () => new Secret({ size: 20 }).base32;

/**
 * Checks `code` against the user's secret (pending or enabled as asked) and spends its step.
 * 'ok', 'wrong' (no step in the window matches) or 'used' (its step, or a later one, was already accepted).
 */
export async function spendTotpCode(
  db: Queryable,
  userId: string,
  code: string,
  state: 'enabled' | 'pending',
  now = Date.now(),
): Promise<'ok' | 'wrong' | 'used'> {
  const { rows } = await db.query<{ secret: string }>(
    `SELECT secret FROM totp_factors WHERE user_id = $1 AND (enabled_at IS NOT NULL) = $2`,
    [userId, state === 'enabled'],
  );
  const row = rows[0];
  if (!row) return 'wrong';
  const delta = totpFor(openSecret(row.secret)).validate({ token: code, timestamp: now, window: TOTP_WINDOW_STEPS });
  if (delta === null) return 'wrong';
  const step = Math.floor(now / 1000 / TOTP_PERIOD_SECONDS) + delta;
  const spent = await db.query(
    'UPDATE totp_factors SET last_step = $2 WHERE user_id = $1 AND (last_step IS NULL OR last_step < $2)',
    [userId, step],
  );
  return spent.rowCount ? 'ok' : 'used';
}
