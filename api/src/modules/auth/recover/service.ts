import crypto from 'node:crypto';
import { recordAudit } from '../../../platform/audit/index.js';
import { hashPassword } from '../../../platform/auth/passwords.js';
import { publishRevocation } from '../../../platform/auth/revocation.js';
import { getPrisma, type PrismaTx } from '../../../platform/db/prisma.js';
import { inTransaction } from '../../../platform/db/transaction.js';
import { validationError } from '../../../platform/errors.js';
import { sendEmail } from '../../../platform/outbound/index.js';
import * as rateLimit from '../../../platform/rate-limit.js';
import { signInLimitPerIp } from '../sessions.js';
import { assertStrongPassword } from '../signup/service.js';

/**
 * Password recovery (docs/product.md "Sign-in and sessions" session event "password recovery"):
 * POST /recover mails a single-use link valid 1 hour, POST /recover/check tells the reset page whether
 * the link still works, POST /recover/reset sets a new password under the sign-up policy and signs
 * every session of the account out. Same answer whether or not the e-mail has an account.
 *
 * The link carries "<id>.<secret>": the row is found by id and sha256(secret) compared in constant
 * time (no lookup by a secret-derived value); spending it is one UPDATE ... WHERE used_at IS NULL AND
 * expires_at > now(), so two tabs submitting the same link cannot both succeed.
 */
export const RESET_LINK_TTL_SECONDS = 3600;
export const RESET_LINK_INVALID =
  'This password reset link is invalid, has expired or was already used. Request a new one.';

// Like sign-in: per address against spraying many e-mails; per e-mail against mail bombing one inbox.
const RECOVER_WINDOW_SECONDS = 15 * 60;
const RECOVER_LIMIT_PER_EMAIL = 3;
const minutes = (s: number) => `${Math.ceil(s / 60)} minute${s > 60 ? 's' : ''}`;
const tooMany = (r: number) => `Too many password reset requests. Please try again in ${minutes(r)}.`;

const sha256 = (s: string) => crypto.createHash('sha256').update(s).digest();
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** Splits "<id>.<secret>"; undefined when the shape is wrong (answered like an unknown link). */
function parseToken(token: string): { id: string; secret: string } | undefined {
  const [id, secret, extra] = token.split('.');
  if (extra !== undefined || !id || !secret || !UUID.test(id) || secret.length > 100) return undefined;
  return { id, secret };
}

/** POST /recover: mails a reset link when the e-mail has an active account; the same answer otherwise. */
export async function requestPasswordReset(input: { email: string; ip: string; origin: string }): Promise<void> {
  const email = input.email.trim().toLowerCase();
  await rateLimit.enforce(`recover:ip:${input.ip}`, signInLimitPerIp(), RECOVER_WINDOW_SECONDS, tooMany);
  await rateLimit.enforce(`recover:email:${email}`, RECOVER_LIMIT_PER_EMAIL, RECOVER_WINDOW_SECONDS, tooMany);
  const db = getPrisma();
  const user = await db.user.findFirst({ where: { email, disabledAt: null }, select: { id: true } });
  if (!user) return;
  const secret = crypto.randomBytes(32).toString('base64url');
  const inserted = await db.passwordReset.create({
    data: {
      userId: user.id,
      tokenHash: sha256(secret).toString('hex'),
      expiresAt: new Date(Date.now() + RESET_LINK_TTL_SECONDS * 1000),
    },
    select: { id: true },
  });
  // In the fragment, so the token never reaches a server log or a Referer header.
  const link = `${input.origin}/reset-password#token=${inserted.id}.${secret}`;
  await sendEmail({
    to: email,
    userId: user.id,
    subject: 'Reset your Portal password',
    text: `Someone (perhaps you) asked to reset the password of your Portal account.\n\nChoose a new password within 1 hour with this link (it works once):\n\n${link}\n\nIf you did not ask for this, ignore this message: your password stays the same.`,
    html: `<p>Someone (perhaps you) asked to reset the password of your Portal account.</p><p>Choose a new password within 1 hour with this link (it works once):</p><p><a href="${link}">Reset my password</a></p><p>If you did not ask for this, ignore this message: your password stays the same.</p>`,
  });
}

/** The link's row when its secret matches (constant-time) and it is unused, unexpired and its account active. */
async function findLiveLink(db: PrismaTx, token: string) {
  const parsed = parseToken(token);
  if (!parsed) return undefined;
  const row = await db.passwordReset.findFirst({
    where: { id: parsed.id, usedAt: null, expiresAt: { gt: new Date() }, user: { disabledAt: null } },
    select: { id: true, userId: true, tokenHash: true, user: { select: { email: true } } },
  });
  if (!row || !crypto.timingSafeEqual(Buffer.from(row.tokenHash, 'hex'), sha256(parsed.secret))) return undefined;
  return { id: row.id, userId: row.userId, email: row.user.email };
}

/** POST /recover/check: lets the reset page say "expired" before the person types a new password. */
export async function checkPasswordResetLink(token: string): Promise<boolean> {
  return (await findLiveLink(getPrisma(), token)) !== undefined;
}

/**
 * POST /recover/reset: a weak password is refused before the link is spent. Then, in one transaction:
 * the link spent (single use), every other unused link of the account spent, the new password set, the
 * e-mail counted as confirmed (the link proved the address), every session revoked (their access
 * tokens stop at once), an audit entry. The notice mail goes after the commit.
 */
export async function resetPassword(input: {
  token: string;
  password: string;
  ip: string;
  origin: string;
}): Promise<{ email: string }> {
  assertStrongPassword(input.password);
  const passwordHash = await hashPassword(input.password);
  const done = await inTransaction(async (client, tx) => {
    const link = await findLiveLink(tx, input.token);
    if (!link) return undefined;
    const now = new Date();
    // The single-use guard: of two resets with the same link, only one UPDATE finds it unused.
    const spent = await tx.passwordReset.updateMany({
      where: { id: link.id, usedAt: null, expiresAt: { gt: now } },
      data: { usedAt: now },
    });
    if (!spent.count) return undefined;
    const userId = link.userId;
    await tx.passwordReset.updateMany({ where: { userId, usedAt: null }, data: { usedAt: now } });
    await tx.user.update({ where: { id: userId }, data: { passwordHash }, select: { id: true } });
    await tx.user.updateMany({ where: { id: userId, emailConfirmedAt: null }, data: { emailConfirmedAt: now } });
    const revoked = await tx.refreshToken.updateManyAndReturn({
      where: { userId, revokedAt: null },
      data: { revokedAt: now },
      select: { familyId: true },
    });
    const sids = [...new Set(revoked.map((r) => r.familyId))];
    if (sids.length) await publishRevocation(client, { sids });
    await recordAudit(tx, {
      actorId: userId,
      action: 'auth.password_reset',
      subject: `user:${userId}`,
      data: { sessions_signed_out: sids.length },
      ip: input.ip,
    });
    return link;
  });
  if (!done) throw validationError({ token: RESET_LINK_INVALID }, RESET_LINK_INVALID);
  // Someone locked out by wrong guesses can sign in with the new password at once.
  await rateLimit.reset(`sign-in:account:${done.email}`);
  await sendEmail({
    to: done.email,
    userId: done.userId,
    subject: 'Your Portal password was changed',
    text: `The password of your Portal account was changed with a reset link, and every device was signed out.\n\nIf this was you, no action is needed. If it was not, reset your password at once at ${input.origin}/auth and contact support.`,
  });
  return { email: done.email };
}
