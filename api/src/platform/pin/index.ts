/**
 * The 4-digit transaction PIN (docs/product.md "Profile, PIN and KYC", manage-pin; docs/architecture.md "The money model").
 *
 * Stored in profiles.transaction_pin_hash as 'v1$<salt hex>$<sha256(salt || proof) hex>' where
 * proof = HMAC-SHA256(PIN_SECRET, "<user id>:<pin>"). The keyed part runs here, so the secret never
 * reaches the database; the salted digest is compared inside SQL (pin_hash_matches), which lets the
 * transfer check the PIN in the same statement that posts it (one round trip). 10,000 PINs cannot be
 * protected by slow hashing: without the secret a copy of the database does not allow trying them,
 * and online guessing is stopped by the lockout (5 wrong in a row -> 15 minutes, every PIN action),
 * kept in profiles.pin_failed_attempts / pin_locked_until by SQL pin_attempt_locked(): the one PIN
 * rule. Sends call it inside wallet_send (the same statement that posts them); every other money
 * route calls verifyPin() (SQL pin_attempt -> pin_attempt_locked). Both return a refusal code that
 * platform/errors.ts answers (ledgerAnswer), so the lockout and the words are the same everywhere.
 */
import crypto from 'node:crypto';
import { getPool } from '../db/pool.js';
import { getPrisma } from '../db/prisma.js';
import type { SqlRunner } from '../db/typed-sql.js';
import { commitThen, inTransaction } from '../db/transaction.js';
import { AppError, ledgerAnswer, validationError, type LedgerRefusal } from '../errors.js';
import { localSecret } from '../secrets.js';
import { pinAttempt, resetPin as resetPinQuery } from './index.queries.js';

export const PIN_PATTERN = /^\d{4}$/;
export const PIN_FORMAT_MESSAGE = 'PINs must be 4 digits.';

let secret: Buffer | undefined;

/** PIN_SECRET (>= 32 chars, required in production); development keeps one in $PORTAL_HOME/pin-secret. */
export function pinSecret(): Buffer {
  secret ??= localSecret('PIN_SECRET');
  return secret;
}

/** The keyed proof of knowing `pin`, sent to SQL instead of the PIN. */
export function pinProof(userId: string, pin: string): Buffer {
  return crypto.createHmac('sha256', pinSecret()).update(`${userId}:${pin}`).digest();
}

/** The value stored for a new PIN (fresh 16-byte salt). */
export function hashPin(userId: string, pin: string): string {
  const salt = crypto.randomBytes(16);
  const digest = crypto.createHash('sha256').update(salt).update(pinProof(userId, pin)).digest();
  return `v1$${salt.toString('hex')}$${digest.toString('hex')}`;
}

/**
 * The SQL function pin_attempt (prisma/sql/money.sql) counts the attempt and keeps the lockout: its
 * refusal (that file's shape), or null when the PIN is right.
 */
async function countedAttempt(userId: string, pin: string, db: SqlRunner): Promise<LedgerRefusal | null> {
  const [row] = await pinAttempt.run({ userId, proof: pinProof(userId, pin) }, db);
  return (row?.refusal ?? null) as LedgerRefusal | null;
}

/** One counted attempt: throws the PIN's refusal (403 PIN_INCORRECT / PIN_NOT_SET, 423 PIN_LOCKED), or returns when the PIN is right. */
export async function verifyPin(userId: string, pin: string): Promise<void> {
  if (!PIN_PATTERN.test(pin)) throw validationError({ pin: PIN_FORMAT_MESSAGE }, PIN_FORMAT_MESSAGE);
  const refusal = await countedAttempt(userId, pin, getPool());
  if (refusal) throw ledgerAnswer(refusal);
}

/** set_pin: only when no PIN is set yet (changing needs the current PIN). */
export async function setPin(userId: string, pin: string): Promise<void> {
  if (!PIN_PATTERN.test(pin)) throw validationError({ pin: PIN_FORMAT_MESSAGE }, PIN_FORMAT_MESSAGE);
  const profiles = getPrisma().profile;
  const { count } = await profiles.updateMany({
    where: { id: userId, transactionPinHash: null },
    data: {
      transactionPinHash: hashPin(userId, pin),
      pinFailedAttempts: 0,
      pinLockedUntil: null,
      updatedAt: new Date(),
    },
  });
  if (!count) {
    if (!(await profiles.count({ where: { id: userId } }))) throw new AppError(404, 'NOT_FOUND', 'Profile not found.');
    throw new AppError(409, 'CONFLICT', 'A transaction PIN is already set. Use change_pin with your current PIN.');
  }
}

/** change_pin: the current PIN is one counted attempt (lockout applies), then the new PIN is stored. */
export async function changePin(userId: string, currentPin: string, newPin: string): Promise<void> {
  if (!PIN_PATTERN.test(newPin)) throw validationError({ pin: PIN_FORMAT_MESSAGE }, PIN_FORMAT_MESSAGE);
  if (currentPin.length !== 4) throw validationError({ current_pin: PIN_FORMAT_MESSAGE }, PIN_FORMAT_MESSAGE);
  await inTransaction(async (client, tx) => {
    const refusal = await countedAttempt(userId, currentPin, client);
    if (refusal) throw commitThen(ledgerAnswer(refusal)); // keep the counted attempt
    await tx.profile.update({
      where: { id: userId },
      data: { transactionPinHash: hashPin(userId, newPin), updatedAt: new Date() },
    });
  });
}

/** For screens: is a PIN set, and is it locked. */
export async function pinStatus(userId: string): Promise<{ pin_set: boolean; pin_locked_until: string | null }> {
  const r = await getPrisma().profile.findUnique({
    where: { id: userId },
    select: { transactionPinHash: true, pinLockedUntil: true },
  });
  if (!r) throw new AppError(404, 'NOT_FOUND', 'Profile not found.');
  const locked = r.pinLockedUntil && r.pinLockedUntil.getTime() > Date.now() ? r.pinLockedUntil : null;
  return { pin_set: r.transactionPinHash !== null, pin_locked_until: locked ? locked.toISOString() : null };
}

/**
 * Forgot PIN, once the caller's identity was proven (api/src/modules/profile/pin-reset.ts): stores a
 * new PIN and lifts a lockout, on the caller's transaction. Returns the lock that was lifted (null
 * when none), for the audit entry; undefined when no PIN was set (nothing to reset).
 */
export async function resetPin(
  db: SqlRunner,
  userId: string,
  pin: string,
): Promise<{ lockedUntil: string | null; failedAttempts: number } | undefined> {
  if (!PIN_PATTERN.test(pin)) throw validationError({ pin: PIN_FORMAT_MESSAGE }, PIN_FORMAT_MESSAGE);
  // Raw: the lock and count before the reset are read and cleared in one statement under the row's lock.
  const [r] = await resetPinQuery.run({ userId, pinHash: hashPin(userId, pin) }, db);
  return r ? { lockedUntil: r.locked ? r.locked.toISOString() : null, failedAttempts: r.failed } : undefined;
}
