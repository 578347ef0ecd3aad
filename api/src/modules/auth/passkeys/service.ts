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
import { getPool } from '../../../platform/db/pool.js';
import { inTransaction } from '../../../platform/db/transaction.js';
import { AppError, notFound, unauthenticated, validationError } from '../../../platform/errors.js';
import { markSecondFactor, requireStepUp, stepUpFreshUntil } from '../../../platform/second-factor/sessions.js';
import * as rateLimit from '../../../platform/rate-limit.js';
import type { AuthUser } from '../../../platform/auth/tokens.js';
import { recordSecurityEvent } from '../security-activity/service.js';
import { signInLimitPerIp, signInUser, type Session } from '../sessions.js';
import { findUser } from '../users.js';
import { ticketUser } from '../second-factor/ticket.js';

type Queryable = Pick<pg.PoolClient, 'query'>;
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
  const db = getPool();
  await db.query('DELETE FROM webauthn_challenges WHERE expires_at < now()');
  await db.query(
    `INSERT INTO webauthn_challenges (challenge, purpose, user_id, expires_at) VALUES ($1, $2, $3, now() + make_interval(secs => $4))`,
    [challenge, purpose, userId, CHALLENGE_TTL_SECONDS],
  );
}

/** The challenge the browser signed, spent now; null when unknown, lapsed, already used or for something else. */
async function spendChallenge(
  db: Queryable,
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
  const { rows } = await db.query<{ challenge: string }>(
    `DELETE FROM webauthn_challenges WHERE challenge = $1 AND purpose = $2 AND user_id IS NOT DISTINCT FROM $3 AND expires_at > now() RETURNING challenge`,
    [challenge, purpose, userId],
  );
  return rows[0]?.challenge ?? null;
}

interface StoredPasskey {
  id: string;
  user_id: string;
  credential_id: string;
  public_key: Buffer;
  counter: string;
  transports: string[];
  name: string;
}

export async function listPasskeys(userId: string) {
  const { rows } = await getPool().query<{ id: string; name: string; created_at: Date; last_used_at: Date | null }>(
    'SELECT id, name, created_at, last_used_at FROM passkey_credentials WHERE user_id = $1 ORDER BY created_at',
    [userId],
  );
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    created_at: r.created_at.toISOString(),
    last_used_at: r.last_used_at?.toISOString() ?? null,
  }));
}

export async function registrationOptions(userId: string, origin: string) {
  const db = getPool();
  const user = await findUser(db, 'id', userId);
  if (!user) throw notFound('Account not found.');
  const { rows } = await db.query<{ credential_id: string; transports: string[] }>(
    'SELECT credential_id, transports FROM passkey_credentials WHERE user_id = $1',
    [userId],
  );
  if (rows.length >= MAX_PASSKEYS)
    throw new AppError(409, 'CONFLICT', `You can have at most ${MAX_PASSKEYS} passkeys. Remove one first.`);
  const options = await generateRegistrationOptions({
    rpName: RP_NAME,
    rpID: relyingParty(origin).rpID,
    userID: new TextEncoder().encode(userId),
    userName: user.email,
    attestationType: 'none',
    excludeCredentials: rows.map((r) => ({
      id: r.credential_id,
      transports: r.transports as AuthenticatorTransport[],
    })),
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
  return inTransaction(async (db, tx) => {
    const challenge = await spendChallenge(db, input.response.response.clientDataJSON, 'register', user.id);
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
    const { rows } = await db.query<{ id: string; created_at: Date }>(
      `INSERT INTO passkey_credentials (user_id, credential_id, public_key, counter, transports, name)
       VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT (credential_id) DO NOTHING RETURNING id, created_at`,
      [user.id, c.id, Buffer.from(c.publicKey), c.counter, c.transports ?? [], input.name],
    );
    if (!rows[0]) throw new AppError(409, 'CONFLICT', 'This passkey is already added.');
    // Proving a passkey now is a second-factor check of this session.
    await markSecondFactor(db, { familyId: user.sid, userId: user.id, method: 'passkey' });
    await recordSecurityEvent(tx, {
      userId: user.id,
      action: 'auth.passkey.add',
      data: { name: input.name },
      ip: input.ip,
    });
    return { id: rows[0].id, name: input.name, created_at: rows[0].created_at.toISOString(), last_used_at: null };
  });
}

/** Removing a passkey needs a fresh second-factor check (a passkey or the app, within the step-up window). */
export async function removePasskey(user: AuthUser, id: string, ip: string): Promise<void> {
  await requireStepUp(user);
  await inTransaction(async (db, tx) => {
    const { rows } = await db.query<{ name: string }>(
      'DELETE FROM passkey_credentials WHERE id = $1 AND user_id = $2 RETURNING name',
      [id, user.id],
    );
    if (!rows[0]) throw notFound('No such passkey of yours.');
    await recordSecurityEvent(tx, { userId: user.id, action: 'auth.passkey.remove', data: { name: rows[0].name }, ip });
  });
}

/** Options for a passkey assertion: any passkey of this site (sign-in), or the user's own (second step, step-up). */
export async function assertionOptions(purpose: Exclude<Purpose, 'register'>, origin: string, userId: string | null) {
  const allow = userId
    ? (
        await getPool().query<{ credential_id: string; transports: string[] }>(
          'SELECT credential_id, transports FROM passkey_credentials WHERE user_id = $1',
          [userId],
        )
      ).rows
    : [];
  if (userId && !allow.length) throw new AppError(409, 'CONFLICT', 'You have no passkey yet. Add one on your profile.');
  const options = await generateAuthenticationOptions({
    rpID: relyingParty(origin).rpID,
    userVerification: 'required',
    timeout: CHALLENGE_TTL_SECONDS * 1000,
    allowCredentials: allow.map((r) => ({ id: r.credential_id, transports: r.transports as AuthenticatorTransport[] })),
  });
  await storeChallenge(options.challenge, purpose, userId);
  return options;
}

/** Verifies an assertion against a stored passkey and moves its counter forward; the passkey, or null when refused. */
async function verifyAssertion(
  db: Queryable,
  input: {
    response: AuthenticationResponseJSON;
    purpose: Exclude<Purpose, 'register'>;
    userId: string | null;
    origin: string;
  },
): Promise<StoredPasskey | null> {
  const challenge = await spendChallenge(db, input.response.response.clientDataJSON, input.purpose, input.userId);
  if (!challenge) return null;
  const { rows } = await db.query<StoredPasskey>(
    'SELECT id, user_id, credential_id, public_key, counter::text, transports, name FROM passkey_credentials WHERE credential_id = $1 FOR UPDATE',
    [input.response.id],
  );
  const stored = rows[0];
  if (!stored || (input.userId && stored.user_id !== input.userId)) return null;
  const handle = input.response.response.userHandle;
  if (handle && Buffer.from(handle, 'base64url').toString('utf8') !== stored.user_id) return null;
  const rp = relyingParty(input.origin);
  const result = await verifyAuthenticationResponse({
    response: input.response,
    expectedChallenge: challenge,
    expectedOrigin: rp.origin,
    expectedRPID: rp.rpID,
    requireUserVerification: true,
    credential: {
      id: stored.credential_id,
      publicKey: new Uint8Array(stored.public_key),
      counter: Number(stored.counter),
      transports: stored.transports as AuthenticatorTransport[],
    },
  }).catch(() => null);
  if (!result?.verified) return null;
  await db.query('UPDATE passkey_credentials SET counter = $2, last_used_at = now() WHERE id = $1', [
    stored.id,
    result.authenticationInfo.newCounter,
  ]);
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
  const passkey = await inTransaction((db) =>
    verifyAssertion(db, {
      response: input.response,
      purpose: ticketOwner ? 'second_factor' : 'sign_in',
      userId: ticketOwner,
      origin: input.origin,
    }),
  );
  if (!passkey) throw unauthenticated(PASSKEY_REFUSED);
  return inTransaction(async (db) => {
    const user = await findUser(db, 'id', passkey.user_id);
    if (!user) throw unauthenticated(PASSKEY_REFUSED);
    return signInUser(db, user, input.userAgent, 'passkey');
  });
}

/** Step-up with a passkey: renews this session's second-factor check. */
export async function stepUpWithPasskey(
  user: AuthUser,
  response: AuthenticationResponseJSON,
  origin: string,
): Promise<Date> {
  const ok = await inTransaction((db) =>
    verifyAssertion(db, { response, purpose: 'step_up', userId: user.id, origin }),
  );
  if (!ok) throw validationError({ response: STEP_UP_REFUSED }, STEP_UP_REFUSED);
  await markSecondFactor(getPool(), { familyId: user.sid, userId: user.id, method: 'passkey' });
  return (await stepUpFreshUntil(getPool(), user.sid))!;
}
