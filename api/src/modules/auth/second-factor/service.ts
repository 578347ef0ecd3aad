import QRCode from 'qrcode';
import { getPrisma, type PrismaTx } from '../../../platform/db/prisma.js';
import { commitThen, inTransaction } from '../../../platform/db/transaction.js';
import { AppError, conflict, validationError } from '../../../platform/errors.js';
import * as rateLimit from '../../../platform/rate-limit.js';
import {
  enrolledFactors,
  markSecondFactor,
  requireStepUp,
  stepUpFreshUntil,
  type SecondFactorMethod,
} from '../../../platform/second-factor/sessions.js';
import type { AuthUser } from '../../../platform/auth/tokens.js';
import { recordSecurityEvent } from '../security-activity/service.js';
import { signInUser, type Session } from '../sessions.js';
import { findUser } from '../users.js';
import { RECOVERY_CODE_PATTERN, recoveryCodesLeft, replaceRecoveryCodes, spendRecoveryCode } from './recovery-codes.js';
import { ticketUser } from './ticket.js';
import { newTotpSecret, sealSecret, spendTotpCode, totpFor } from './totp.js';

// Second-factor codes: 5 wrong per account in 15 minutes, then 15 minutes locked (as sign-in).
const CODE_LIMIT = 5;
const CODE_WINDOW_SECONDS = 15 * 60;
const tooMany = (retryAfter: number) =>
  `Too many wrong codes. Please try again in ${Math.ceil(retryAfter / 60)} minute${retryAfter > 60 ? 's' : ''}.`;

export const WRONG_CODE = 'That code is not right. Check your authenticator app and try again.';
export const USED_CODE = 'That code was already used. Wait for the next code in your authenticator app.';

export async function secondFactorStatus(user: AuthUser) {
  const db = getPrisma();
  const factors = await enrolledFactors(db, user.id);
  const fresh = await stepUpFreshUntil(db, user.sid);
  return {
    totp_enabled: factors.totp,
    passkeys: factors.passkeys,
    recovery_codes_left: await recoveryCodesLeft(db, user.id),
    session_verified: user.mfa === true || fresh !== null,
    step_up_until: fresh ? fresh.toISOString() : null,
  };
}

/** Step 1 of turning on the app: a new pending secret (replacing an unconfirmed one), its otpauth URI and QR code. */
export async function startTotpSetup(userId: string) {
  const db = getPrisma();
  const user = await findUser(db, { id: userId });
  if (!user) throw new AppError(404, 'NOT_FOUND', 'Account not found.');
  if (await db.totpFactor.count({ where: { userId, enabledAt: { not: null } } }))
    throw conflict('Authenticator-app codes are already on.');
  const secret = newTotpSecret();
  const sealed = sealSecret(secret);
  await db.totpFactor.upsert({
    where: { userId },
    create: { userId, secret: sealed },
    update: { secret: sealed, lastStep: null, createdAt: new Date() },
    select: { userId: true },
  });
  const uri = totpFor(secret, user.email).toString();
  return {
    secret,
    otpauth_url: uri,
    qr_svg: await QRCode.toString(uri, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' }),
  };
}

/** A counted code attempt: wrong or replayed codes count toward the lockout, a right one resets it. */
async function checkCode(
  db: PrismaTx,
  userId: string,
  code: string,
  opts: { pending?: boolean; allowRecovery: boolean },
): Promise<SecondFactorMethod> {
  await rateLimit.enforce(`second-factor:${userId}`, CODE_LIMIT, CODE_WINDOW_SECONDS, tooMany);
  let method: SecondFactorMethod | null = null;
  if (/^\d{6}$/.test(code)) {
    const outcome = await spendTotpCode(db, userId, code, opts.pending ? 'pending' : 'enabled');
    if (outcome === 'used') throw validationError({ code: USED_CODE }, USED_CODE);
    if (outcome === 'ok') method = 'totp';
  } else if (opts.allowRecovery && RECOVERY_CODE_PATTERN.test(code) && (await spendRecoveryCode(db, userId, code))) {
    method = 'recovery_code';
  }
  if (!method) throw validationError({ code: WRONG_CODE }, WRONG_CODE);
  await rateLimit.reset(`second-factor:${userId}`);
  return method;
}

/** Step 2: the first code proves the app has the secret; turns it on and returns ten recovery codes (shown once). */
export async function enableTotp(user: AuthUser, code: string, ip: string): Promise<string[]> {
  return inTransaction(async (_db, tx) => {
    await checkCode(tx, user.id, code, { pending: true, allowRecovery: false });
    await tx.totpFactor.updateMany({ where: { userId: user.id }, data: { enabledAt: new Date() } });
    await markSecondFactor(tx, { familyId: user.sid, userId: user.id, method: 'totp' });
    await recordSecurityEvent(tx, { userId: user.id, action: 'auth.second_factor.enable', ip });
    return replaceRecoveryCodes(tx, user.id);
  });
}

/** Turning the app off needs a fresh second-factor check; recovery codes go with it. */
export async function disableTotp(user: AuthUser, ip: string): Promise<void> {
  await requireStepUp(user);
  await inTransaction(async (_db, tx) => {
    const { count } = await tx.totpFactor.deleteMany({ where: { userId: user.id, enabledAt: { not: null } } });
    if (!count) throw new AppError(404, 'NOT_FOUND', 'Authenticator-app codes are not on.');
    await tx.recoveryCode.deleteMany({ where: { userId: user.id } });
    await recordSecurityEvent(tx, { userId: user.id, action: 'auth.second_factor.disable', ip });
  });
}

export async function renewRecoveryCodes(user: AuthUser, ip: string): Promise<string[]> {
  await requireStepUp(user);
  return inTransaction(async (_db, tx) => {
    if (!(await enrolledFactors(tx, user.id)).totp)
      throw new AppError(409, 'CONFLICT', 'Turn on authenticator-app codes first.');
    await recordSecurityEvent(tx, { userId: user.id, action: 'auth.recovery_codes.renew', ip });
    return replaceRecoveryCodes(tx, user.id);
  });
}

/** The second step of a password sign-in with an authenticator code or a recovery code. */
export async function signInWithCode(input: {
  ticket: string;
  code: string;
  ip: string;
  userAgent?: string;
}): Promise<Session> {
  const userId = await ticketUser(input.ticket);
  return inTransaction(async (_db, tx) => {
    const user = await findUser(tx, { id: userId });
    if (!user) throw new AppError(401, 'UNAUTHENTICATED', 'Invalid login credentials');
    const method = await checkCodeKeepingCount(tx, userId, input.code);
    if (method === 'recovery_code') await noteRecoveryCodeUsed(tx, userId, input.ip);
    return signInUser(tx, user, input.userAgent, method);
  });
}

/** Step-up with an authenticator or recovery code: renews this session's second-factor check. */
export async function stepUpWithCode(user: AuthUser, code: string, ip: string): Promise<Date> {
  return inTransaction(async (_db, tx) => {
    const method = await checkCodeKeepingCount(tx, user.id, code);
    if (method === 'recovery_code') await noteRecoveryCodeUsed(tx, user.id, ip);
    await markSecondFactor(tx, { familyId: user.sid, userId: user.id, method });
    return (await stepUpFreshUntil(tx, user.sid))!;
  });
}

// A refused code must still count (and a replayed step stay spent): commit, then answer.
async function checkCodeKeepingCount(db: PrismaTx, userId: string, code: string): Promise<SecondFactorMethod> {
  try {
    return await checkCode(db, userId, code, { allowRecovery: true });
  } catch (e) {
    throw commitThen(e);
  }
}

async function noteRecoveryCodeUsed(tx: PrismaTx, userId: string, ip: string) {
  await recordSecurityEvent(tx, {
    userId,
    action: 'auth.recovery_code.used',
    data: { left: await recoveryCodesLeft(tx, userId) },
    ip,
  });
}
