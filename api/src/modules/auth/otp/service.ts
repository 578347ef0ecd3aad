import crypto from 'node:crypto';
import { jwtSecret } from '../../../platform/auth/secret.js';
import { getPrisma } from '../../../platform/db/prisma.js';
import { commitThen, inTransaction } from '../../../platform/db/transaction.js';
import { AppError, unauthenticated } from '../../../platform/errors.js';
import { sendSms } from '../../../platform/outbound/index.js';
import * as rateLimit from '../../../platform/rate-limit.js';
import { signInUser, type Session } from '../sessions.js';
import { findUser } from '../users.js';
import { lockNewestCode } from './service.queries.js';

/**
 * Phone sign-in by SMS code (docs/product.md "Sign-in and sessions" Phone card, /otp and /verify, channel sms).
 * Codes: 6 digits, valid 5 minutes, stored as an HMAC keyed with the server secret (a 6-digit
 * code cannot be protected by a plain hash), at most 5 wrong tries per code, a new code at most
 * once a minute and 5 an hour per phone. Only the newest code of a phone is valid.
 */
export const OTP_TTL_SECONDS = 5 * 60;
export const OTP_MAX_ATTEMPTS = 5;
export const OTP_RESEND_SECONDS = 60;
const OTP_PER_PHONE_PER_HOUR = 5;
const OTP_PER_IP_PER_HOUR = 20;
const VERIFY_WINDOW_SECONDS = 15 * 60;
const VERIFY_PER_PHONE = 10;
const VERIFY_PER_IP = 30;

export const INVALID_OTP = 'Invalid OTP or session could not be created.';

const codeHash = (phone: string, code: string) =>
  crypto.createHmac('sha256', jwtSecret()).update(`otp:${phone}:${code}`).digest('hex');
const minutes = (s: number) => `${Math.ceil(s / 60)} minute${s > 60 ? 's' : ''}`;

/**
 * Sends a code when the phone belongs to an account. An unknown phone gets the same answer but no
 * SMS (no enumeration of registered numbers; phone sign-in is for accounts that added a phone at
 * sign-up). Returns whether an SMS was sent.
 */
export async function sendPhoneCode(input: {
  phone: string;
  ip: string;
  userId?: string;
  atSignUp?: boolean;
}): Promise<boolean> {
  // The code texted at sign-up is already behind the sign-up limits; it does not start the resend
  // timer, so "Send OTP" right after signing up works. It still counts toward the hourly cap.
  if (!input.atSignUp) {
    await rateLimit.enforce(
      `otp-send:ip:${input.ip}`,
      OTP_PER_IP_PER_HOUR,
      3600,
      (r) => `Too many codes requested. Please try again in ${minutes(r)}.`,
    );
    await rateLimit.enforce(
      `otp-send:phone-min:${input.phone}`,
      1,
      OTP_RESEND_SECONDS,
      (r) => `Please wait ${r} seconds before requesting a new code.`,
    );
  }
  await rateLimit.enforce(
    `otp-send:phone:${input.phone}`,
    OTP_PER_PHONE_PER_HOUR,
    3600,
    (r) => `Too many codes requested for this number. Please try again in ${minutes(r)}.`,
  );

  const db = getPrisma();
  const userId = input.userId ?? (await findUser(db, { phone: input.phone }))?.id;
  if (!userId) return false;
  const code = crypto.randomInt(0, 1_000_000).toString().padStart(6, '0');
  await db.otpCode.updateMany({ where: { phone: input.phone, consumedAt: null }, data: { consumedAt: new Date() } });
  await db.otpCode.create({
    data: {
      userId,
      phone: input.phone,
      codeHash: codeHash(input.phone, code),
      expiresAt: new Date(Date.now() + OTP_TTL_SECONDS * 1000),
    },
    select: { id: true },
  });
  await sendSms({
    to: input.phone,
    userId,
    body: `Your Portal code is ${code}. It expires in 5 minutes. Never share it with anyone.`,
  });
  return true;
}

/** POST /verify type sms: checks the newest code of the phone and signs in; confirms the phone. */
export async function verifyPhoneCode(input: {
  phone: string;
  token: string;
  ip: string;
  userAgent?: string;
}): Promise<Session> {
  await rateLimit.enforce(
    `otp-verify:ip:${input.ip}`,
    VERIFY_PER_IP,
    VERIFY_WINDOW_SECONDS,
    (r) => `Too many verification attempts. Please try again in ${minutes(r)}.`,
  );
  await rateLimit.enforce(
    `otp-verify:phone:${input.phone}`,
    VERIFY_PER_PHONE,
    VERIFY_WINDOW_SECONDS,
    (r) => `Too many verification attempts. Please try again in ${minutes(r)}.`,
  );

  const session = await inTransaction(async (client, tx) => {
    // Raw: locks the phone's newest code (lockRow locks by id).
    const [otp] = await lockNewestCode.run({ phone: input.phone }, client);
    if (!otp || !otp.user_id) throw unauthenticated(INVALID_OTP);
    const codes = tx.otpCode;
    const id = BigInt(otp.id);
    if (otp.expired) {
      await codes.update({ where: { id }, data: { consumedAt: new Date() }, select: { id: true } });
      throw commitThen(unauthenticated('This code has expired. Request a new one.'));
    }
    const expected = Buffer.from(otp.code_hash, 'hex');
    const given = Buffer.from(codeHash(input.phone, input.token), 'hex');
    if (expected.length !== given.length || !crypto.timingSafeEqual(expected, given)) {
      const attempts = otp.attempts + 1;
      await codes.update({
        where: { id },
        data: { attempts, consumedAt: attempts >= OTP_MAX_ATTEMPTS ? new Date() : null },
        select: { id: true },
      });
      throw commitThen(
        attempts >= OTP_MAX_ATTEMPTS
          ? new AppError(401, 'UNAUTHENTICATED', 'Too many wrong codes. Request a new one.')
          : unauthenticated(INVALID_OTP),
      );
    }
    await codes.update({ where: { id }, data: { consumedAt: new Date() }, select: { id: true } });
    const user = await findUser(tx, { id: otp.user_id });
    if (!user) throw unauthenticated(INVALID_OTP);
    await tx.user.updateMany({
      where: { id: user.id, phoneConfirmedAt: null },
      data: { phoneConfirmedAt: new Date() },
    });
    try {
      return await signInUser(tx, user, input.userAgent);
    } catch (e) {
      throw commitThen(e); // the right code stays spent when the account still owes its second step
    }
  });
  await rateLimit.reset(`otp-verify:phone:${input.phone}`);
  return session;
}
