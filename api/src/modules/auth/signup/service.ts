import crypto from 'node:crypto';
import { hashPassword } from '../../../platform/auth/passwords.js';
import { getPrisma } from '../../../platform/db/prisma.js';
import { sqlState } from '../../../platform/db/sql-state.js';
import { inTransaction } from '../../../platform/db/transaction.js';
import { AppError, conflict } from '../../../platform/errors.js';
import { sendEmail } from '../../../platform/outbound/index.js';
import * as rateLimit from '../../../platform/rate-limit.js';
import { sendPhoneCode } from '../otp/service.js';
import { weakPasswordReasons } from '../password-policy.js';
import { EMAIL_CONFIRMATION_WINDOW_HOURS, insertUser } from '../users.js';

const sha256 = (s: string) => crypto.createHash('sha256').update(s).digest('hex');

// Sign-up limits: per address (IP) against mass registration, per e-mail against mail bombing.
const SIGN_UP_WINDOW_SECONDS = 3600;
// Per address: AUTH_SIGN_UP_LIMIT_PER_IP (default 30; offices and mobile carriers share addresses).
const signUpLimitPerIp = () => Number(process.env.AUTH_SIGN_UP_LIMIT_PER_IP ?? 30);
const SIGN_UP_LIMIT_PER_EMAIL = 3;
const tooManySignUps = (retryAfter: number) =>
  `Too many sign-up attempts. Please try again in ${Math.ceil(retryAfter / 60)} minute${retryAfter > 60 ? 's' : ''}.`;

export interface SignUpInput {
  email: string;
  password: string;
  fullName: string;
  phone?: string;
  ip: string;
  origin: string;
}
export interface SignUpResult {
  email: string;
  confirmation_sent: boolean;
  phone_otp_sent: boolean;
}

/** Weak password: 400 with the reasons (docs/product.md "Sign-in and sessions" "weak password with reasons"). */
export function assertStrongPassword(password: string) {
  const weak = weakPasswordReasons(password);
  if (weak.reasons.length) {
    throw new AppError(400, 'VALIDATION', `Password is too weak. ${weak.messages.join(' ')}`, {
      fields: { password: weak.messages.join(' ') },
      weak_password: { reasons: weak.reasons },
    });
  }
}

async function sendConfirmation(userId: string, email: string, origin: string) {
  const token = crypto.randomBytes(32).toString('base64url');
  await getPrisma().emailConfirmation.create({
    data: {
      tokenHash: sha256(token),
      userId,
      expiresAt: new Date(Date.now() + EMAIL_CONFIRMATION_WINDOW_HOURS * 3600_000),
    },
    select: { tokenHash: true },
  });
  const link = `${origin}/api/auth/confirm?token=${token}`;
  await sendEmail({
    to: email,
    userId,
    subject: 'Confirm your Portal account',
    text: `Welcome to Portal!\n\nConfirm your e-mail address within ${EMAIL_CONFIRMATION_WINDOW_HOURS} hours, or the account may be disabled:\n\n${link}\n\nIf you did not sign up, ignore this message.`,
    html: `<p>Welcome to Portal!</p><p>Confirm your e-mail address within ${EMAIL_CONFIRMATION_WINDOW_HOURS} hours, or the account may be disabled:</p><p><a href="${link}">Confirm my e-mail address</a></p><p>If you did not sign up, ignore this message.</p>`,
  });
}

/**
 * POST /signup. Creates the user and profile (e-mail unconfirmed), mails a confirmation link
 * valid 48 hours and, when a phone is given, texts a sign-in code to it.
 * An e-mail that already has an account gets the same answer (no account enumeration); its owner
 * is told by mail instead.
 */
export async function signUp(input: SignUpInput): Promise<SignUpResult> {
  const email = input.email.trim().toLowerCase();
  await rateLimit.enforce(`sign-up:ip:${input.ip}`, signUpLimitPerIp(), SIGN_UP_WINDOW_SECONDS, tooManySignUps);
  await rateLimit.enforce(`sign-up:email:${email}`, SIGN_UP_LIMIT_PER_EMAIL, SIGN_UP_WINDOW_SECONDS, tooManySignUps);
  assertStrongPassword(input.password);

  const users = getPrisma().user;
  const existing = await users.findUnique({ where: { email }, select: { id: true } });
  if (existing) {
    await sendEmail({
      to: email,
      userId: existing.id,
      subject: 'Someone tried to sign up with your e-mail address',
      text: `Someone (perhaps you) tried to create a Portal account with ${email}, which already has an account.\n\nLog in at ${input.origin}/auth. If this was not you, you can ignore this message.`,
    });
    return { email, confirmation_sent: true, phone_otp_sent: false };
  }
  if (input.phone) {
    const message = 'This phone number is already registered to another account.';
    if (await users.count({ where: { phone: input.phone } })) throw conflict(message, { fields: { phone: message } });
  }

  const passwordHash = await hashPassword(input.password);
  let userId: string;
  try {
    userId = await insertUser(getPrisma(), {
      email,
      passwordHash,
      fullName: input.fullName.trim(),
      phone: input.phone ?? null,
      emailConfirmed: false,
    });
  } catch (e) {
    // A concurrent sign-up with the same e-mail or phone won the race.
    if (sqlState(e) === '23505') return { email, confirmation_sent: true, phone_otp_sent: false };
    throw e;
  }
  await sendConfirmation(userId, email, input.origin);
  let phoneOtpSent = false;
  if (input.phone) phoneOtpSent = await sendPhoneCode({ phone: input.phone, ip: input.ip, userId, atSignUp: true });
  return { email, confirmation_sent: true, phone_otp_sent: phoneOtpSent };
}

/** GET /confirm?token=: marks the e-mail confirmed (single use, within 48 hours). */
export async function confirmEmail(token: string | undefined): Promise<'confirmed' | 'invalid'> {
  if (!token || token.length > 200) return 'invalid';
  return inTransaction(async (_db, tx) => {
    const now = new Date();
    const [spent] = await tx.emailConfirmation.updateManyAndReturn({
      where: { tokenHash: sha256(token), consumedAt: null, expiresAt: { gt: now } },
      data: { consumedAt: now },
      select: { userId: true },
    });
    if (!spent) return 'invalid';
    await tx.user.updateMany({ where: { id: spent.userId, emailConfirmedAt: null }, data: { emailConfirmedAt: now } });
    return 'confirmed';
  });
}

/**
 * POST /resend (type signup): a new confirmation link for an account whose e-mail is not confirmed,
 * even after the 48 hours (confirming then re-enables it). Same answer for every e-mail.
 */
export async function resendConfirmation(input: { email: string; ip: string; origin: string }): Promise<void> {
  const email = input.email.trim().toLowerCase();
  await rateLimit.enforce(`sign-up:ip:${input.ip}`, signUpLimitPerIp(), SIGN_UP_WINDOW_SECONDS, tooManySignUps);
  await rateLimit.enforce(
    `resend:email:${email}`,
    SIGN_UP_LIMIT_PER_EMAIL,
    SIGN_UP_WINDOW_SECONDS,
    (r) => `Too many e-mails requested. Please try again in ${Math.ceil(r / 60)} minute${r > 60 ? 's' : ''}.`,
  );
  const user = await getPrisma().user.findFirst({
    where: { email, emailConfirmedAt: null, disabledAt: null },
    select: { id: true },
  });
  if (user) await sendConfirmation(user.id, email, input.origin);
}
