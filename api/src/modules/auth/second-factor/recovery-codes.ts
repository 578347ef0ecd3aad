// One-time recovery codes: ten, shown once when the authenticator app is turned on (or the codes are
// renewed), stored as keyed hashes (HMAC-SHA256 with a key derived from JWT_SECRET; 40 random bits
// each, so a copy of the database without the key cannot try them), each spent once.
import crypto from 'node:crypto';
import { jwtSecret } from '../../../platform/auth/secret.js';
import type { PrismaTx } from '../../../platform/db/prisma.js';

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
export async function replaceRecoveryCodes(db: PrismaTx, userId: string): Promise<string[]> {
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newCode);
  await db.recoveryCode.deleteMany({ where: { userId } });
  await db.recoveryCode.createMany({ data: codes.map((c) => ({ userId, codeHash: hashCode(userId, c) })) });
  return codes;
}

/** Spends a code: true once, false for an unknown or already used one. */
export async function spendRecoveryCode(db: PrismaTx, userId: string, code: string): Promise<boolean> {
  const { count } = await db.recoveryCode.updateMany({
    where: { userId, codeHash: hashCode(userId, code), usedAt: null },
    data: { usedAt: new Date() },
  });
  return count === 1;
}

export const recoveryCodesLeft = (db: PrismaTx, userId: string): Promise<number> =>
  db.recoveryCode.count({ where: { userId, usedAt: null } });
