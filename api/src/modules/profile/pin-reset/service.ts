import crypto from 'node:crypto';
import { recordAudit } from '../../../platform/audit/index.js';
import { getPool } from '../../../platform/db/pool.js';
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
  const { rows } = await getPool().query<{ email: string; has_pin: boolean }>(
    'SELECT u.email, p.transaction_pin_hash IS NOT NULL AS has_pin FROM users u JOIN profiles p ON p.id = u.id WHERE u.id = $1',
    [userId],
  );
  if (!rows[0]) throw new AppError(404, 'NOT_FOUND', 'Profile not found.');
  return rows[0];
}

/** A new code for the account (earlier ones stop working); returns it for the mail. */
export async function createPinResetCode(userId: string): Promise<string> {
  const code = crypto.randomInt(0, 1_000_000).toString().padStart(6, '0');
  await inTransaction(async (client) => {
    await client.query('UPDATE pin_reset_codes SET used_at = now() WHERE user_id = $1 AND used_at IS NULL', [userId]);
    await client.query(
      'INSERT INTO pin_reset_codes (user_id, code_hash, expires_at) VALUES ($1, $2, now() + make_interval(secs => $3))',
      [userId, codeHash(userId, code).toString('hex'), PIN_RESET_CODE_TTL_SECONDS],
    );
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
    const { rows } = await client.query<{ id: string; code_hash: string; attempts: number }>(
      `SELECT id, code_hash, attempts FROM pin_reset_codes
        WHERE user_id = $1 AND used_at IS NULL AND expires_at > now() AND attempts < $2
        ORDER BY created_at DESC LIMIT 1 FOR UPDATE`,
      [userId, CODE_MAX_ATTEMPTS],
    );
    const row = rows[0];
    if (!row) throw validationError({ code: MSG_CODE_EXPIRED }, MSG_CODE_EXPIRED);
    if (!crypto.timingSafeEqual(Buffer.from(row.code_hash, 'hex'), codeHash(userId, input.code))) {
      await client.query('UPDATE pin_reset_codes SET attempts = attempts + 1 WHERE id = $1', [row.id]);
      const left = CODE_MAX_ATTEMPTS - row.attempts - 1;
      const message = left > 0 ? MSG_CODE_WRONG : `${MSG_CODE_WRONG} Request a new one.`;
      throw commitThen(new AppError(400, 'VALIDATION', message, { fields: { code: message }, attempts_left: left }));
    }
    const spent = await client.query(
      'UPDATE pin_reset_codes SET used_at = now() WHERE id = $1 AND used_at IS NULL AND expires_at > now() RETURNING id',
      [row.id],
    );
    if (!spent.rowCount) throw validationError({ code: MSG_CODE_EXPIRED }, MSG_CODE_EXPIRED);
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
