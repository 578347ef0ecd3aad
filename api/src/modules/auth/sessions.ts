import crypto from 'node:crypto';
import { recordAudit } from '../../platform/audit/index.js';
import { getPrisma, type PrismaTx } from '../../platform/db/prisma.js';
import { commitThen, inTransaction } from '../../platform/db/transaction.js';
import { unauthenticated } from '../../platform/errors.js';
import { dummyPasswordHash, verifyPassword } from '../../platform/auth/passwords.js';
import { publishRevocation } from '../../platform/auth/revocation.js';
import { issueAccessToken } from '../../platform/auth/tokens.js';
import * as rateLimit from '../../platform/rate-limit.js';
import {
  markSecondFactor,
  sessionHasSecondFactor,
  type SecondFactorMethod,
} from '../../platform/second-factor/sessions.js';
import { requireNoSecondFactor } from './second-factor/ticket.js';
import { noteNewDevice } from './security-activity/new-device.js';
import { lockRefreshToken } from './sessions.queries.js';
import { assertMaySignIn, findUser, type SignInAccount } from './users.js';

export const REFRESH_TOKEN_TTL_SECONDS = 30 * 24 * 3600;

// Sign-in limits: per IP against spraying many accounts, per account against guessing one password.
const SIGN_IN_WINDOW_SECONDS = 15 * 60;
// AUTH_SIGN_IN_LIMIT_PER_IP overrides the per-address limit (the e2e portal raises it: one address).
export const signInLimitPerIp = () => Number(process.env.AUTH_SIGN_IN_LIMIT_PER_IP ?? 30);
const SIGN_IN_LIMIT_PER_ACCOUNT = 10;
const tooMany = (retryAfter: number) =>
  `Too many sign-in attempts. Please try again in ${Math.ceil(retryAfter / 60)} minute${retryAfter > 60 ? 's' : ''}.`;

export interface Session {
  accessToken: string;
  expiresIn: number;
  expiresAt: number;
  refreshToken: string;
  user: { id: string; email: string };
}

const sha256 = (s: string) => crypto.createHash('sha256').update(s).digest('hex');
const newRefreshToken = () => crypto.randomBytes(32).toString('base64url');
const storedUserAgent = (userAgent?: string) => userAgent?.slice(0, 255) ?? null;

export async function issueSession(
  db: PrismaTx,
  user: { id: string; email: string; isAdmin: boolean },
  familyId: string,
  userAgent?: string,
  secondFactor?: SecondFactorMethod,
): Promise<Session> {
  const refreshToken = newRefreshToken();
  await db.refreshToken.create({
    data: {
      userId: user.id,
      familyId,
      tokenHash: sha256(refreshToken),
      expiresAt: new Date(Date.now() + REFRESH_TOKEN_TTL_SECONDS * 1000),
      userAgent: storedUserAgent(userAgent),
    },
    select: { id: true },
  });
  if (secondFactor) await markSecondFactor(db, { familyId, userId: user.id, method: secondFactor });
  const mfa = secondFactor !== undefined || (await sessionHasSecondFactor(db, familyId));
  const access = await issueAccessToken({ id: user.id, sid: familyId, adm: user.isAdmin, mfa });
  return {
    accessToken: access.token,
    expiresIn: access.expiresIn,
    expiresAt: access.expiresAt,
    refreshToken,
    user: { id: user.id, email: user.email },
  };
}

/**
 * Every sign-in (password, phone code, OAuth) once the credential is proven: refuses a disabled or
 * lapsed account (403); without a proven second factor, an account that has one gets the second step
 * (403 SECOND_FACTOR_REQUIRED with a ticket), so no way in skips it; then issues a new session family.
 */
export async function signInUser(
  db: PrismaTx,
  user: Pick<SignInAccount, 'id' | 'email' | 'isAdmin' | 'disabledAt' | 'confirmationLapsed'>,
  userAgent?: string,
  secondFactor?: SecondFactorMethod,
): Promise<Session> {
  assertMaySignIn(user);
  if (!secondFactor) await requireNoSecondFactor(db, user);
  await noteNewDevice(user.id, storedUserAgent(userAgent));
  return issueSession(
    db,
    { id: user.id, email: user.email, isAdmin: user.isAdmin },
    crypto.randomUUID(),
    userAgent,
    secondFactor,
  );
}

/** Password grant: rate limited per IP and per account, argon2id verify, new session family. */
export async function signInWithPassword(input: {
  email: string;
  password: string;
  ip: string;
  userAgent?: string;
}): Promise<Session> {
  const email = input.email.trim().toLowerCase();
  await rateLimit.enforce(`sign-in:ip:${input.ip}`, signInLimitPerIp(), SIGN_IN_WINDOW_SECONDS, tooMany);
  await rateLimit.enforce(`sign-in:account:${email}`, SIGN_IN_LIMIT_PER_ACCOUNT, SIGN_IN_WINDOW_SECONDS, tooMany);

  const db = getPrisma();
  const user = await findUser(db, { email });
  const ok = await verifyPassword(user?.passwordHash ?? (await dummyPasswordHash()), input.password);
  if (!user || !user.passwordHash || !ok) throw unauthenticated('Invalid login credentials');
  // An unconfirmed account may sign in during its first 48 hours, then it is disabled (docs/product.md "Sign-in and sessions").
  assertMaySignIn(user);
  await rateLimit.reset(`sign-in:account:${email}`);
  return signInUser(db, user, input.userAgent);
}

/**
 * A refresh answer can be lost on its way (the page navigated away mid-refresh, a flaky network):
 * the browser keeps the cookie it had and presents the token that was just rotated. Within this
 * window, and while no later token of the session has itself been used, that is a retry, not a
 * theft: the unused successor is superseded and a new one issued. Later, or after progress, it is
 * reuse. The same window as the reuse interval of common identity providers; an attacker replaying a
 * stolen token inside it gets a token, but the rightful client's next refresh (with the superseded
 * token, after the window) then revokes the whole session.
 */
const REFRESH_RETRY_GRACE_SECONDS = 20;

/**
 * Refresh grant: the presented token is marked rotated and a successor issued in the same family.
 * Presenting a spent token (rotated, or superseded by a retry) outside the grace above means it
 * leaked or was replayed: the whole family is revoked (committed before answering 401), ending that
 * session everywhere.
 */
export async function refreshSession(refreshToken: string | undefined, userAgent?: string): Promise<Session> {
  if (!refreshToken) throw unauthenticated('Refresh token missing');
  return inTransaction(async (client, tx) => {
    // Raw: locks the token row found by its hash and reads its family's state in the same statement.
    const [row] = await lockRefreshToken.run({ tokenHash: sha256(refreshToken) }, client);
    if (!row) throw unauthenticated('Invalid refresh token');
    const tokens = tx.refreshToken;
    // Revoked with no live token left in the family: signed out. Revoked while the family lives on:
    // superseded by a retry, so it is spent like a rotated token.
    const spent = row.rotated_at !== null || (row.revoked_at !== null && row.family_live);
    if (row.revoked_at && !spent) throw unauthenticated('Session has been signed out');
    const spentAt = row.rotated_at ?? row.revoked_at;
    const retryInGrace =
      spentAt !== null && spentAt.getTime() > Date.now() - REFRESH_RETRY_GRACE_SECONDS * 1000 && !row.successor_used;
    if (spent && !retryInGrace) {
      await tokens.updateMany({ where: { familyId: row.family_id, revokedAt: null }, data: { revokedAt: new Date() } });
      await publishRevocation(client, { sids: [row.family_id] }); // its access tokens stop too
      await recordAudit(tx, { actorId: row.user_id, action: 'auth.refresh_token_reused', subject: row.family_id });
      throw commitThen(unauthenticated('Refresh token already used; the session was signed out for safety'));
    }
    if (row.expires_at.getTime() <= Date.now()) throw unauthenticated('Session expired');
    const user = await findUser(tx, { id: row.user_id });
    if (!user) throw unauthenticated('Invalid refresh token');
    assertMaySignIn(user);
    if (spent) {
      await tokens.updateMany({
        where: { familyId: row.family_id, rotatedAt: null, revokedAt: null },
        data: { revokedAt: new Date() },
      });
    } else {
      await tokens.update({ where: { id: BigInt(row.id) }, data: { rotatedAt: new Date() }, select: { id: true } });
    }
    return issueSession(tx, user, row.family_id, userAgent);
  });
}

/**
 * Sign-out. The caller is identified by its access token, or else by its refresh cookie (so an
 * expired access token can still sign out). global: every session of the user; local: this one.
 * Signing out an unknown session is not an error (idempotent).
 */
export async function signOut(input: {
  scope: 'global' | 'local';
  user?: { id: string; sid: string };
  refreshToken?: string;
}): Promise<void> {
  let who = input.user;
  if (!who && input.refreshToken) {
    const token = await getPrisma().refreshToken.findUnique({
      where: { tokenHash: sha256(input.refreshToken) },
      select: { userId: true, familyId: true },
    });
    if (token) who = { id: token.userId, sid: token.familyId };
  }
  if (!who) return;
  const user = who;
  // Revoked and announced in one transaction: every API process refuses these sessions' access
  // tokens from the commit on (docs/decisions.md "Auth").
  await inTransaction(async (client, tx) => {
    const revoked = await tx.refreshToken.updateManyAndReturn({
      where: { userId: user.id, revokedAt: null, ...(input.scope === 'local' && { familyId: user.sid }) },
      data: { revokedAt: new Date() },
      select: { familyId: true },
    });
    await publishRevocation(client, { sids: [...revoked.map((r) => r.familyId), user.sid] });
  });
}
