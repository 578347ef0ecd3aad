// Passkeys (WebAuthn) with @simplewebauthn/server: discoverable credentials, user verification
// required, relying party ID and origin from the configured public origin (platform/http/origin.ts).
// Challenges are single use (deleted when answered) and lapse after 5 minutes; the signature counter
// must move forward on every use (a counter going back is a cloned authenticator: refused).
import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticationResponseJSON,
  type AuthenticatorTransport,
  type RegistrationResponseJSON,
} from '@simplewebauthn/server';
import type pg from 'pg';
import { orNoRow } from '../../../platform/db/no-row.js';
import { getPrisma, type PrismaTx } from '../../../platform/db/prisma.js';
import { inTransaction } from '../../../platform/db/transaction.js';
import { AppError, notFound, unauthenticated, validationError } from '../../../platform/errors.js';
import { markSecondFactor, requireStepUp, stepUpFreshUntil } from '../../../platform/second-factor/sessions.js';
import * as rateLimit from '../../../platform/rate-limit.js';
import type { AuthUser } from '../../../platform/auth/tokens.js';
import { recordSecurityEvent } from '../security-activity/service.js';
import { signInLimitPerIp, signInUser, type Session } from '../sessions.js';
import { findUser } from '../users.js';
import { ticketUser } from '../second-factor/ticket.js';
import { lockPasskeyByCredentialId } from './service.queries.js';

type Purpose = 'register' | 'sign_in' | 'second_factor' | 'step_up';

export const CHALLENGE_TTL_SECONDS = 5 * 60;
export const MAX_PASSKEYS = 10;
const RP_NAME = 'Portal';
export const PASSKEY_REFUSED = 'This passkey could not sign you in. Try again, or sign in with your password.';
export const STEP_UP_REFUSED = 'This passkey could not confirm it is you. Please try again.';
export const PASSKEY_NOT_ADDED = 'This passkey could not be added. Please try again.';

/** Relying party of this site: its ID is the public origin's host name. */
export const relyingParty = (origin: string) => ({ origin, rpID: new URL(origin).hostname });

async function storeChallenge(challenge: string, purpose: Purpose, userId: string | null) {
  const challenges = getPrisma().webauthnChallenge;
  await challenges.deleteMany({ where: { expiresAt: { lt: new Date() } } });
  await challenges.create({
    data: { challenge, purpose, userId, expiresAt: new Date(Date.now() + CHALLENGE_TTL_SECONDS * 1000) },
    select: { challenge: true },
  });
}

/** The challenge the browser signed, spent now; null when unknown, lapsed, already used or for something else. */
async function spendChallenge(
  db: PrismaTx,
  clientDataJSON: string,
  purpose: Purpose,
  userId: string | null,
): Promise<string | null> {
  let challenge: unknown;
  try {
    challenge = (JSON.parse(Buffer.from(clientDataJSON, 'base64url').toString('utf8')) as { challenge?: unknown })
      .challenge;
  } catch {
    return null;
  }
  if (typeof challenge !== 'string') return null;
  const { count } = await db.webauthnChallenge.deleteMany({
    where: { challenge, purpose, userId, expiresAt: { gt: new Date() } },
  });
  return count ? challenge : null;
}

const passkeyView = (p: { id: string; name: string; createdAt: Date; lastUsedAt: Date | null }) => ({
  id: p.id,
  name: p.name,
  created_at: p.createdAt.toISOString(),
  last_used_at: p.lastUsedAt?.toISOString() ?? null,
});

export async function listPasskeys(userId: string) {
  const rows = await getPrisma().passkeyCredential.findMany({
    where: { userId },
    orderBy: { createdAt: 'asc' },
    select: { id: true, name: true, createdAt: true, lastUsedAt: true },
  });
  return rows.map(passkeyView);
}

/** A user's passkeys as WebAuthn options name them (to exclude at registration, to allow at assertion). */
async function credentialsOf(userId: string) {
  const rows = await getPrisma().passkeyCredential.findMany({
    where: { userId },
    select: { credentialId: true, transports: true },
  });
  return rows.map((r) => ({ id: r.credentialId, transports: r.transports as AuthenticatorTransport[] }));
}

export async function registrationOptions(userId: string, origin: string) {
  const user = await findUser(getPrisma(), { id: userId });
  if (!user) throw notFound('Account not found.');
  const credentials = await credentialsOf(userId);
  if (credentials.length >= MAX_PASSKEYS)
    throw new AppError(409, 'CONFLICT', `You can have at most ${MAX_PASSKEYS} passkeys. Remove one first.`);
  const options = await generateRegistrationOptions({
    rpName: RP_NAME,
    rpID: relyingParty(origin).rpID,
    userID: new TextEncoder().encode(userId),
    userName: user.email,
    attestationType: 'none',
    excludeCredentials: credentials,
    authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
    timeout: CHALLENGE_TTL_SECONDS * 1000,
  });
  await storeChallenge(options.challenge, 'register', userId);
  return options;
}

export async function registerPasskey(
  user: AuthUser,
  input: { name: string; response: RegistrationResponseJSON; origin: string; ip: string },
) {
  return inTransaction(async (_db, tx) => {
    const challenge = await spendChallenge(tx, input.response.response.clientDataJSON, 'register', user.id);
    if (!challenge) throw validationError({ response: PASSKEY_NOT_ADDED }, PASSKEY_NOT_ADDED);
    const rp = relyingParty(input.origin);
    const result = await verifyRegistrationResponse({
      response: input.response,
      expectedChallenge: challenge,
      expectedOrigin: rp.origin,
      expectedRPID: rp.rpID,
      requireUserVerification: true,
    }).catch(() => null);
    if (!result?.verified) throw validationError({ response: PASSKEY_NOT_ADDED }, PASSKEY_NOT_ADDED);
    const c = result.registrationInfo.credential;
    const [added] = await tx.passkeyCredential.createManyAndReturn({
      data: {
        userId: user.id,
        credentialId: c.id,
        publicKey: c.publicKey,
        counter: BigInt(c.counter),
        transports: c.transports ?? [],
        name: input.name,
      },
      skipDuplicates: true, // ON CONFLICT DO NOTHING: a credential already stored is answered below
      select: { id: true, name: true, createdAt: true, lastUsedAt: true },
    });
    if (!added) throw new AppError(409, 'CONFLICT', 'This passkey is already added.');
    // Proving a passkey now is a second-factor check of this session.
    await markSecondFactor(tx, { familyId: user.sid, userId: user.id, method: 'passkey' });
    await recordSecurityEvent(tx, {
      userId: user.id,
      action: 'auth.passkey.add',
      data: { name: input.name },
      ip: input.ip,
    });
    return passkeyView(added);
  });
}

/** Removing a passkey needs a fresh second-factor check (a passkey or the app, within the step-up window). */
export async function removePasskey(user: AuthUser, id: string, ip: string): Promise<void> {
  await requireStepUp(user);
  await inTransaction(async (_db, tx) => {
    const removed = await orNoRow(
      tx.passkeyCredential.delete({ where: { id, userId: user.id }, select: { name: true } }),
    );
    if (!removed) throw notFound('No such passkey of yours.');
    await recordSecurityEvent(tx, { userId: user.id, action: 'auth.passkey.remove', data: { name: removed.name }, ip });
  });
}

/** Options for a passkey assertion: any passkey of this site (sign-in), or the user's own (second step, step-up). */
export async function assertionOptions(purpose: Exclude<Purpose, 'register'>, origin: string, userId: string | null) {
  const allow = userId ? await credentialsOf(userId) : [];
  if (userId && !allow.length) throw new AppError(409, 'CONFLICT', 'You have no passkey yet. Add one on your profile.');
  const options = await generateAuthenticationOptions({
    rpID: relyingParty(origin).rpID,
    userVerification: 'required',
    timeout: CHALLENGE_TTL_SECONDS * 1000,
    allowCredentials: allow,
  });
  await storeChallenge(options.challenge, purpose, userId);
  return options;
}

/** Verifies an assertion against a stored passkey and moves its counter forward; the passkey, or null when refused. */
async function verifyAssertion(
  db: pg.PoolClient,
  tx: PrismaTx,
  input: {
    response: AuthenticationResponseJSON;
    purpose: Exclude<Purpose, 'register'>;
    userId: string | null;
    origin: string;
  },
): Promise<{ userId: string } | null> {
  const challenge = await spendChallenge(tx, input.response.response.clientDataJSON, input.purpose, input.userId);
  if (!challenge) return null;
  // Raw: locks the passkey found by its credential id (lockRow locks by id), so two uses of it check the counter in turn.
  const [locked] = await lockPasskeyByCredentialId.run({ credentialId: input.response.id }, db);
  const stored = locked && (await tx.passkeyCredential.findUnique({ where: { id: locked.id } }));
  if (!stored || (input.userId && stored.userId !== input.userId)) return null;
  const handle = input.response.response.userHandle;
  if (handle && Buffer.from(handle, 'base64url').toString('utf8') !== stored.userId) return null;
  const rp = relyingParty(input.origin);
  const result = await verifyAuthenticationResponse({
    response: input.response,
    expectedChallenge: challenge,
    expectedOrigin: rp.origin,
    expectedRPID: rp.rpID,
    requireUserVerification: true,
    credential: {
      id: stored.credentialId,
      publicKey: new Uint8Array(stored.publicKey),
      counter: Number(stored.counter),
      transports: stored.transports as AuthenticatorTransport[],
    },
  }).catch(() => null);
  if (!result?.verified) return null;
  await tx.passkeyCredential.update({
    where: { id: stored.id },
    data: { counter: BigInt(result.authenticationInfo.newCounter), lastUsedAt: new Date() },
    select: { id: true },
  });
  return stored;
}

/** Sign in with a passkey alone (discoverable), or as the second step after a password (ticket). */
export async function signInWithPasskey(input: {
  response: AuthenticationResponseJSON;
  ticket?: string;
  origin: string;
  ip: string;
  userAgent?: string;
}): Promise<Session> {
  await rateLimit.enforce(
    `sign-in:ip:${input.ip}`,
    signInLimitPerIp(),
    15 * 60,
    (s) => `Too many sign-in attempts. Please try again in ${Math.ceil(s / 60)} minutes.`,
  );
  const ticketOwner = input.ticket ? await ticketUser(input.ticket) : null;
  // Committed even when refused: the challenge stays spent.
  const passkey = await inTransaction((db, tx) =>
    verifyAssertion(db, tx, {
      response: input.response,
      purpose: ticketOwner ? 'second_factor' : 'sign_in',
      userId: ticketOwner,
      origin: input.origin,
    }),
  );
  if (!passkey) throw unauthenticated(PASSKEY_REFUSED);
  return inTransaction(async (_db, tx) => {
    const user = await findUser(tx, { id: passkey.userId });
    if (!user) throw unauthenticated(PASSKEY_REFUSED);
    return signInUser(tx, user, input.userAgent, 'passkey');
  });
}

/** Step-up with a passkey: renews this session's second-factor check. */
export async function stepUpWithPasskey(
  user: AuthUser,
  response: AuthenticationResponseJSON,
  origin: string,
): Promise<Date> {
  const ok = await inTransaction((db, tx) =>
    verifyAssertion(db, tx, { response, purpose: 'step_up', userId: user.id, origin }),
  );
  if (!ok) throw validationError({ response: STEP_UP_REFUSED }, STEP_UP_REFUSED);
  await markSecondFactor(getPrisma(), { familyId: user.sid, userId: user.id, method: 'passkey' });
  return (await stepUpFreshUntil(getPrisma(), user.sid))!;
}
