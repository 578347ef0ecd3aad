import crypto from 'node:crypto';
import { recordAudit } from '../../../platform/audit/index.js';
import { getPrisma } from '../../../platform/db/prisma.js';
import { commitThen, inTransaction } from '../../../platform/db/transaction.js';
import { AppError, conflict, validationError } from '../../../platform/errors.js';
import { sendEmail } from '../../../platform/outbound/index.js';
import { pinSecret, resetPin } from '../../../platform/pin/index.js';
import * as rateLimit from '../../../platform/rate-limit.js';
import { assertOwnPassword } from '../own-password.js';

/**
 * Forgot PIN (docs/product.md "Public pages" "PIN reset needs identity verification"; docs/decisions.md "Account
 * recovery"). Proof: a signed-in session, the account password, and a 6-digit code mailed to the
 * account's e-mail. The code is valid 10 minutes, single use, only the newest is valid, 5 wrong tries
 * spend it; at most one a minute and 5 an hour per account. A reset stores the new PIN, lifts a PIN
 * lock, is audited in the same transaction, and the owner is told by mail.
 */
export const PIN_RESET_CODE_TTL_SECONDS = 10 * 60;
const CODE_MAX_ATTEMPTS = 5;
const minutes = (s: number) => `${Math.ceil(s / 60)} minute${s > 60 ? 's' : ''}`;

export const MSG_CODE_EXPIRED = 'This code has expired or was already used. Request a new one.';
export const MSG_CODE_WRONG = 'The code is incorrect.';
export const MSG_NO_PIN = 'You have not set up a transaction PIN yet. Set one up instead.';

const codeHash = (userId: string, code: string) =>
  crypto.createHmac('sha256', pinSecret()).update(`pin-reset:${userId}:${code}`).digest();

async function accountEmail(userId: string): Promise<{ email: string; has_pin: boolean }> {
  const user = await getPrisma().user.findUnique({
    where: { id: userId },
    select: { email: true, profile: { select: { transactionPinHash: true } } },
  });
  if (!user?.profile) throw new AppError(404, 'NOT_FOUND', 'Profile not found.');
  return { email: user.email, has_pin: user.profile.transactionPinHash != null };
}

/** A new code for the account (earlier ones stop working); returns it for the mail. */
export async function createPinResetCode(userId: string): Promise<string> {
  const code = crypto.randomInt(0, 1_000_000).toString().padStart(6, '0');
  await inTransaction(async (_db, tx) => {
    const now = new Date();
    await tx.pinResetCode.updateMany({ where: { userId, usedAt: null }, data: { usedAt: now } });
    await tx.pinResetCode.create({
      data: {
        userId,
        codeHash: codeHash(userId, code).toString('hex'),
        expiresAt: new Date(now.getTime() + PIN_RESET_CODE_TTL_SECONDS * 1000),
      },
    });
  });
  return code;
}

/** POST /api/profile/pin-reset/code: mails a code to the account's e-mail address. */
export async function sendPinResetCode(userId: string): Promise<{ sent: true; expires_in: number; email: string }> {
  const account = await accountEmail(userId);
  if (!account.has_pin) throw conflict(MSG_NO_PIN);
  await rateLimit.enforce(
    `pin-reset-code:min:${userId}`,
    1,
    60,
    (r) => `Please wait ${r} seconds before requesting a new code.`,
  );
  await rateLimit.enforce(
    `pin-reset-code:hour:${userId}`,
    5,
    3600,
    (r) => `Too many codes requested. Please try again in ${minutes(r)}.`,
  );
  const code = await createPinResetCode(userId);
  await sendEmail({
    to: account.email,
    userId,
    subject: 'Your Portal PIN reset code',
    text: `Your code to reset your transaction PIN is ${code}. It expires in 10 minutes and works once.\n\nNever share it with anyone: Portal staff will never ask for it. If you did not ask to reset your PIN, change your password now.`,
  });
  return { sent: true, expires_in: PIN_RESET_CODE_TTL_SECONDS, email: account.email };
}

/**
 * POST /api/profile/pin-reset: password (5 tries per 15 minutes, the check account deletion also uses;
 * own counter), then the code (constant-time compare; a wrong one is counted and committed), then in one
 * transaction the code spent (UPDATE ... WHERE used_at IS NULL AND expires_at > now()), the new PIN
 * stored with the lock lifted, and the audit entry.
 */
export async function resetForgottenPin(input: {
  userId: string;
  password: string;
  code: string;
  pin: string;
  ip: string;
}): Promise<void> {
  const { userId } = input;
  await assertOwnPassword(userId, input.password, `pin-reset:${userId}`);
  const account = await accountEmail(userId);
  const lifted = await inTransaction(async (client, tx) => {
    // a locking read (FOR UPDATE): two resets with one code count and spend it once; SQL
    const { rows } = await client.query<{ id: string; code_hash: string; attempts: number }>(
      `SELECT id, code_hash, attempts FROM pin_reset_codes
        WHERE user_id = $1 AND used_at IS NULL AND expires_at > now() AND attempts < $2
        ORDER BY created_at DESC LIMIT 1 FOR UPDATE`,
      [userId, CODE_MAX_ATTEMPTS],
    );
    const row = rows[0];
    if (!row) throw validationError({ code: MSG_CODE_EXPIRED }, MSG_CODE_EXPIRED);
    if (!crypto.timingSafeEqual(Buffer.from(row.code_hash, 'hex'), codeHash(userId, input.code))) {
      await tx.pinResetCode.update({ where: { id: row.id }, data: { attempts: { increment: 1 } } });
      const left = CODE_MAX_ATTEMPTS - row.attempts - 1;
      const message = left > 0 ? MSG_CODE_WRONG : `${MSG_CODE_WRONG} Request a new one.`;
      throw commitThen(new AppError(400, 'VALIDATION', message, { fields: { code: message }, attempts_left: left }));
    }
    const now = new Date();
    const spent = await tx.pinResetCode.updateMany({
      where: { id: row.id, usedAt: null, expiresAt: { gt: now } },
      data: { usedAt: now },
    });
    if (!spent.count) throw validationError({ code: MSG_CODE_EXPIRED }, MSG_CODE_EXPIRED);
    const before = await resetPin(client, userId, input.pin);
    if (!before) throw conflict(MSG_NO_PIN);
    await recordAudit(tx, {
      actorId: userId,
      action: 'account.pin_reset',
      subject: `user:${userId}`,
      ip: input.ip,
      before: { pin_locked_until: before.lockedUntil, pin_failed_attempts: before.failedAttempts },
      after: { pin_locked_until: null, pin_failed_attempts: 0 },
      data: { proof: ['session', 'password', 'email_code'] },
    });
    return before;
  });
  await sendEmail({
    to: account.email,
    userId,
    subject: 'Your Portal transaction PIN was reset',
    text: `The transaction PIN of your Portal account was reset${lifted.lockedUntil ? ' and its lock lifted' : ''}.\n\nIf this was you, no action is needed. If it was not, change your password now and contact support.`,
  });
}
