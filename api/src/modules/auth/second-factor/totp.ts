// Authenticator-app codes (RFC 6238: SHA-1, 6 digits, 30-second steps) with the otpauth library.
// The shared secret is stored sealed (AES-256-GCM, key derived from JWT_SECRET): a copy of the
// database alone cannot produce codes. A code is accepted for the current step or one step either
// side (a phone clock up to 30 seconds off), and never twice: totp_factors.last_step only moves forward.
import crypto from 'node:crypto';
import { Secret, TOTP } from 'otpauth';
import { jwtSecret } from '../../../platform/auth/secret.js';
import type { PrismaTx } from '../../../platform/db/prisma.js';

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
  db: PrismaTx,
  userId: string,
  code: string,
  state: 'enabled' | 'pending',
  now = Date.now(),
): Promise<'ok' | 'wrong' | 'used'> {
  const row = await db.totpFactor.findFirst({
    where: { userId, enabledAt: state === 'enabled' ? { not: null } : null },
    select: { secret: true },
  });
  if (!row) return 'wrong';
  const delta = totpFor(openSecret(row.secret)).validate({ token: code, timestamp: now, window: TOTP_WINDOW_STEPS });
  if (delta === null) return 'wrong';
  const step = BigInt(Math.floor(now / 1000 / TOTP_PERIOD_SECONDS) + delta);
  // One UPDATE: of two requests with the same code, only one moves last_step.
  const spent = await db.totpFactor.updateMany({
    where: { userId, OR: [{ lastStep: null }, { lastStep: { lt: step } }] },
    data: { lastStep: step },
  });
  return spent.count ? 'ok' : 'used';
}
