import { SignJWT, jwtVerify } from 'jose';
import { revocations } from './revocation.js';
import { jwtSecret } from './secret.js';

export const ACCESS_TOKEN_TTL_SECONDS = 15 * 60;

/** What a verified access token says about its bearer. */
export interface AuthUser {
  id: string;
  /** Refresh-token family (one sign-in session). */
  sid: string;
  /** is_admin when the token was issued; admin routes re-check the database. */
  adm: boolean;
  /** The session proved a second factor (passkey, authenticator app, recovery code): admin routes require it. */
  mfa?: boolean;
}

export async function issueAccessToken(user: AuthUser, now = Math.floor(Date.now() / 1000)) {
  const expiresAt = now + ACCESS_TOKEN_TTL_SECONDS;
  const token = await new SignJWT({ sid: user.sid, adm: user.adm, mfa: user.mfa === true })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(user.id)
    .setIssuedAt(now)
    .setExpirationTime(expiresAt)
    .sign(jwtSecret());
  return { token, expiresAt, expiresIn: ACCESS_TOKEN_TTL_SECONDS };
}

// Verified signatures, remembered until the token expires: a signature's verdict cannot change
// before `exp`; whether the session is still live can, so checkAccessToken asks the revocation set
// on every call, cache hit or not (docs/decisions.md "Auth"). WebCrypto HMAC verification was ~20%
// of the API's CPU per money transfer (bench/suites/api-transfers.mjs). Bounded: cleared when full.
const verified = new Map<string, { user: AuthUser; exp: number }>();
const VERIFIED_MAX = 50_000;

/**
 * The token's user; 'ended' when its session was signed out or its user disabled/deleted (the
 * token is genuine and unexpired but must not work any more); null when malformed, expired or forged.
 */
export async function checkAccessToken(token: string): Promise<AuthUser | 'ended' | null> {
  // Hot path (cached signature, in-memory ended set): no await at all.
  const user = cachedUser(token) ?? (await verifySignature(token));
  if (!user) return null;
  const ended = revocations.isEnded(user);
  return (typeof ended === 'boolean' ? ended : await ended) ? 'ended' : user;
}

/** Returns the user, or null for a missing, malformed, expired, forged or ended token. */
export async function verifyAccessToken(token: string): Promise<AuthUser | null> {
  const r = await checkAccessToken(token);
  return r === 'ended' ? null : r;
}

function cachedUser(token: string): AuthUser | undefined {
  const hit = verified.get(token);
  if (!hit) return undefined;
  if (hit.exp > Date.now() / 1000) return hit.user;
  verified.delete(token);
  return undefined;
}

async function verifySignature(token: string): Promise<AuthUser | null> {
  try {
    const { payload } = await jwtVerify(token, jwtSecret(), { algorithms: ['HS256'] });
    if (typeof payload.sub !== 'string' || typeof payload.sid !== 'string') return null;
    const user = { id: payload.sub, sid: payload.sid, adm: payload.adm === true, mfa: payload.mfa === true };
    if (typeof payload.exp === 'number') {
      if (verified.size >= VERIFIED_MAX) verified.clear();
      verified.set(token, { user, exp: payload.exp });
    }
    return user;
  } catch {
    return null;
  }
}
