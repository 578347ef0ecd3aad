import crypto from 'node:crypto';
import { createRemoteJWKSet, errors as joseErrors, jwtVerify, type JWTPayload } from 'jose';
import { orNoRow } from '../../platform/db/no-row.js';
import { getPrisma } from '../../platform/db/prisma.js';
import { commitThen, inTransaction } from '../../platform/db/transaction.js';
import { AppError, unauthenticated, validationError } from '../../platform/errors.js';
import * as rateLimit from '../../platform/rate-limit.js';
import { lockUserByEmail } from './oauth.queries.js';
import { signInLimitPerIp, signInUser, type Session } from './sessions.js';
import { findUser, insertUser } from './users.js';

/**
 * OAuth / OpenID Connect sign-in (docs/product.md "Sign-in and sessions"): Google and Facebook through the browser
 * (authorization code + state + PKCE S256 + nonce), and Google One Tap (id-token grant).
 *
 * Providers come from configuration, read per call:
 *   GOOGLE_CLIENT_ID, GOOGLE_CLIENT_SECRET, GOOGLE_ISSUER (default https://accounts.google.com;
 *     endpoints and keys by OpenID discovery)
 *   FACEBOOK_CLIENT_ID, FACEBOOK_CLIENT_SECRET, and either FACEBOOK_ISSUER (OpenID discovery) or
 *     FACEBOOK_AUTHORIZATION_URL / FACEBOOK_TOKEN_URL / FACEBOOK_USERINFO_URL (defaults: Graph API v19),
 *     FACEBOOK_SCOPE (default "email public_profile")
 * A provider without a client id is "not configured": its button answers with a clear error.
 */
export type Provider = 'google' | 'facebook';
export const PROVIDERS: Provider[] = ['google', 'facebook'];
export const PROVIDER_LABEL: Record<Provider, string> = { google: 'Google', facebook: 'Facebook' };

const STATE_TTL_SECONDS = 10 * 60;
/** docs/product.md "Sign-in and sessions": key-set cache 10 min (discovery documents too). */
export const JWKS_CACHE_MS = 10 * 60 * 1000;
const GOOGLE_ISSUERS = ['https://accounts.google.com', 'accounts.google.com'];

interface Endpoints {
  issuer?: string;
  authorization: string;
  token: string;
  userinfo?: string;
  jwks?: string;
}
interface ProviderConfig {
  provider: Provider;
  clientId: string;
  clientSecret?: string;
  scope: string;
  endpoints: () => Promise<Endpoints>;
  issuers?: string[];
}

const discoveryCache = new Map<string, { at: number; doc: Endpoints }>();
async function discover(issuer: string): Promise<Endpoints> {
  const hit = discoveryCache.get(issuer);
  if (hit && Date.now() - hit.at < JWKS_CACHE_MS) return hit.doc;
  const res = await fetch(`${issuer.replace(/\/$/, '')}/.well-known/openid-configuration`, {
    signal: AbortSignal.timeout(5000),
  });
  if (!res.ok) throw new AppError(502, 'INTERNAL', 'The sign-in provider is not reachable. Please try again.');
  const d = (await res.json()) as Record<string, string>;
  const doc: Endpoints = {
    issuer: d.issuer,
    authorization: d.authorization_endpoint!,
    token: d.token_endpoint!,
    userinfo: d.userinfo_endpoint,
    jwks: d.jwks_uri,
  };
  discoveryCache.set(issuer, { at: Date.now(), doc });
  return doc;
}

const jwksCache = new Map<string, ReturnType<typeof createRemoteJWKSet>>();
function jwks(uri: string) {
  let set = jwksCache.get(uri);
  if (!set) {
    set = createRemoteJWKSet(new URL(uri), {
      cacheMaxAge: JWKS_CACHE_MS,
      cooldownDuration: 30_000,
      timeoutDuration: 5000,
    });
    jwksCache.set(uri, set);
  }
  return set;
}

export function providerConfig(provider: Provider): ProviderConfig | null {
  const env = process.env;
  if (provider === 'google') {
    const clientId = env.GOOGLE_CLIENT_ID;
    if (!clientId) return null;
    const issuer = env.GOOGLE_ISSUER ?? 'https://accounts.google.com';
    return {
      provider,
      clientId,
      clientSecret: env.GOOGLE_CLIENT_SECRET,
      scope: 'openid email profile',
      endpoints: () => discover(issuer),
      issuers: env.GOOGLE_ISSUER ? [issuer] : GOOGLE_ISSUERS,
    };
  }
  const clientId = env.FACEBOOK_CLIENT_ID;
  if (!clientId) return null;
  if (env.FACEBOOK_ISSUER) {
    const issuer = env.FACEBOOK_ISSUER;
    return {
      provider,
      clientId,
      clientSecret: env.FACEBOOK_CLIENT_SECRET,
      scope: 'openid email profile',
      endpoints: () => discover(issuer),
      issuers: [issuer],
    };
  }
  return {
    provider,
    clientId,
    clientSecret: env.FACEBOOK_CLIENT_SECRET,
    scope: env.FACEBOOK_SCOPE ?? 'email public_profile',
    endpoints: async () => ({
      authorization: env.FACEBOOK_AUTHORIZATION_URL ?? 'https://www.facebook.com/v19.0/dialog/oauth',
      token: env.FACEBOOK_TOKEN_URL ?? 'https://graph.facebook.com/v19.0/oauth/access_token',
      userinfo: env.FACEBOOK_USERINFO_URL ?? 'https://graph.facebook.com/me?fields=id,name,email',
    }),
  };
}

/**
 * Sign-in by redirect needs the client secret as well as the id (the code exchange); One Tap needs
 * only the id. The shell shows a provider's button only when this is true (GET /config).
 */
export const redirectSignInConfigured = (provider: Provider) => !!providerConfig(provider)?.clientSecret;

function requireProvider(provider: Provider, forRedirect = false): ProviderConfig {
  const cfg = providerConfig(provider);
  if (!cfg || (forRedirect && !cfg.clientSecret))
    throw new AppError(400, 'VALIDATION', `${PROVIDER_LABEL[provider]} sign-in is not configured on this server.`, {
      fields: { provider: 'not configured' },
    });
  return cfg;
}

/** redirect_to must be on this origin (no open redirect); default /dashboard (docs/product.md "Sign-in and sessions"). */
export function safeRedirect(redirectTo: string | undefined, origin: string): string {
  if (!redirectTo) return `${origin}/dashboard`;
  let url: URL;
  try {
    url = new URL(redirectTo, origin);
  } catch {
    throw validationError({ redirect_to: 'Must be a URL on this site' });
  }
  if (url.origin !== origin) throw validationError({ redirect_to: 'Must be a URL on this site' });
  return url.toString();
}

const b64url = (buf: Buffer) => buf.toString('base64url');

/** GET /authorize: stores state, PKCE verifier and nonce, returns the provider's authorization URL. */
export async function startAuthorization(input: {
  provider: Provider;
  redirectTo?: string;
  origin: string;
}): Promise<{ url: string; state: string }> {
  const cfg = requireProvider(input.provider, true);
  const redirectTo = safeRedirect(input.redirectTo, input.origin);
  const ep = await cfg.endpoints();
  const state = b64url(crypto.randomBytes(32));
  const verifier = b64url(crypto.randomBytes(48));
  const nonce = b64url(crypto.randomBytes(24));
  const challenge = b64url(crypto.createHash('sha256').update(verifier).digest());
  const states = getPrisma().oAuthState;
  await states.deleteMany({ where: { expiresAt: { lt: new Date() } } });
  await states.create({
    data: {
      state,
      provider: input.provider,
      codeVerifier: verifier,
      redirectTo,
      nonce,
      expiresAt: new Date(Date.now() + STATE_TTL_SECONDS * 1000),
    },
    select: { state: true },
  });
  const url = new URL(ep.authorization);
  url.searchParams.set('response_type', 'code');
  url.searchParams.set('client_id', cfg.clientId);
  url.searchParams.set('redirect_uri', callbackUrl(input.origin));
  url.searchParams.set('scope', cfg.scope);
  url.searchParams.set('state', state);
  url.searchParams.set('code_challenge', challenge);
  url.searchParams.set('code_challenge_method', 'S256');
  if (cfg.scope.split(' ').includes('openid')) url.searchParams.set('nonce', nonce);
  return { url: url.toString(), state };
}

export const callbackUrl = (origin: string) => `${origin}/api/auth/callback`;

interface Claims {
  sub: string;
  email?: string;
  emailVerified: boolean;
  name?: string;
}

/** Verifies an id token: signature against the provider's JWKS, issuer, audience, expiry (and nonce). */
export async function verifyIdToken(cfg: ProviderConfig, idToken: string, nonce?: string): Promise<Claims> {
  const ep = await cfg.endpoints();
  if (!ep.jwks) throw new AppError(500, 'INTERNAL', 'Provider has no key set');
  let payload: JWTPayload;
  try {
    ({ payload } = await jwtVerify(idToken, jwks(ep.jwks), {
      issuer: cfg.issuers ?? ep.issuer,
      audience: cfg.clientId,
      clockTolerance: 30,
    }));
  } catch (e) {
    if (e instanceof joseErrors.JWTExpired) throw unauthenticated('ID token has expired.');
    if (e instanceof joseErrors.JWTClaimValidationFailed)
      throw unauthenticated(
        `ID token ${e.claim === 'aud' ? 'audience' : e.claim === 'iss' ? 'issuer' : e.claim} is not valid.`,
      );
    if (e instanceof joseErrors.JWKSNoMatchingKey || e instanceof joseErrors.JWSSignatureVerificationFailed)
      throw unauthenticated('ID token signature is not valid.');
    if (e instanceof joseErrors.JOSEError) throw unauthenticated('ID token is not valid.');
    throw e;
  }
  if (nonce !== undefined && payload.nonce !== nonce) throw unauthenticated('ID token nonce does not match.');
  if (typeof payload.sub !== 'string' || !payload.sub) throw unauthenticated('ID token has no subject.');
  return {
    sub: payload.sub,
    email: typeof payload.email === 'string' ? payload.email.toLowerCase() : undefined,
    emailVerified: payload.email_verified === true || payload.email_verified === 'true',
    name: typeof payload.name === 'string' ? payload.name : undefined,
  };
}

/**
 * The user for a provider identity: the linked one, else the account with the same e-mail when the
 * provider verified that e-mail (linking it), else a new account. Linking to an account whose e-mail
 * was never confirmed confirms it and drops its password: whoever set that password never proved
 * they own the address, the provider's user did.
 */
async function userForIdentity(provider: Provider, claims: Claims, userAgent?: string): Promise<Session> {
  return inTransaction(async (client, tx) => {
    const linked = await tx.userIdentity.findUnique({
      where: { provider_subject: { provider, subject: claims.sub } },
      select: { userId: true },
    });
    let userId = linked?.userId;
    if (!userId) {
      if (!claims.email)
        throw unauthenticated(`Your ${PROVIDER_LABEL[provider]} account did not share an e-mail address.`);
      // Raw: locks the account found by its e-mail (lockRow locks by id).
      const [existing] = await lockUserByEmail.run({ email: claims.email }, client);
      if (existing) {
        if (!claims.emailVerified)
          throw unauthenticated(
            `An account with this e-mail exists. Log in with your password, or verify the e-mail address with ${PROVIDER_LABEL[provider]} first.`,
          );
        if (!existing.email_confirmed_at)
          await tx.user.update({
            where: { id: existing.id },
            data: { emailConfirmedAt: new Date(), passwordHash: null },
            select: { id: true },
          });
        userId = existing.id;
      } else {
        userId = await insertUser(tx, {
          email: claims.email,
          passwordHash: null,
          fullName: claims.name ?? null,
          emailConfirmed: claims.emailVerified,
        });
      }
      await tx.userIdentity.create({
        data: { userId, provider, subject: claims.sub, email: claims.email },
        select: { id: true },
      });
    }
    const user = await findUser(tx, { id: userId });
    if (!user) throw unauthenticated('Could not establish session.');
    try {
      return await signInUser(tx, user, userAgent);
    } catch (e) {
      throw commitThen(e); // a new link stays when the account still owes its second step
    }
  });
}

/** GET /callback: consumes the state, exchanges the code with the PKCE verifier, signs in. */
export async function finishAuthorization(input: {
  code?: string;
  state?: string;
  error?: string;
  errorDescription?: string;
  origin: string;
  userAgent?: string;
}): Promise<{ session: Session; redirectTo: string; provider: Provider }> {
  if (!input.state) throw unauthenticated('Missing state.');
  // Spent by deleting it: of two callbacks with the same state only one gets the row.
  const st = await orNoRow(getPrisma().oAuthState.delete({ where: { state: input.state } }));
  if (!st || st.expiresAt.getTime() <= Date.now())
    throw unauthenticated('The sign-in attempt expired or was already used. Please try again.');
  const fail = (message: string) => Object.assign(unauthenticated(message), { provider: st.provider });
  if (input.error) throw fail(input.errorDescription || input.error);
  if (!input.code) throw fail('Missing authorization code.');
  const cfg = requireProvider(st.provider);
  const ep = await cfg.endpoints();
  const res = await fetch(ep.token, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
    body: new URLSearchParams({
      grant_type: 'authorization_code',
      code: input.code,
      redirect_uri: callbackUrl(input.origin),
      client_id: cfg.clientId,
      ...(cfg.clientSecret ? { client_secret: cfg.clientSecret } : {}),
      code_verifier: st.codeVerifier,
    }),
    signal: AbortSignal.timeout(10_000),
  });
  const tokens = (await res.json().catch(() => ({}))) as {
    id_token?: string;
    access_token?: string;
    error_description?: string;
    error?: string;
  };
  if (!res.ok) throw fail(tokens.error_description || tokens.error || 'The provider refused the sign-in.');
  let claims: Claims;
  if (tokens.id_token && ep.jwks) {
    claims = await verifyIdToken(cfg, tokens.id_token, st.nonce ?? undefined);
  } else if (tokens.access_token && ep.userinfo) {
    const info = await fetch(ep.userinfo, {
      headers: { authorization: `Bearer ${tokens.access_token}` },
      signal: AbortSignal.timeout(10_000),
    });
    if (!info.ok) throw fail('Could not read your profile from the provider.');
    const u = (await info.json()) as {
      sub?: string;
      id?: string;
      email?: string;
      name?: string;
      email_verified?: boolean;
    };
    // Facebook only returns an e-mail it has verified.
    claims = {
      sub: String(u.sub ?? u.id ?? ''),
      email: u.email?.toLowerCase(),
      emailVerified: u.email_verified ?? st.provider === 'facebook',
      name: u.name,
    };
    if (!claims.sub) throw fail('The provider did not identify the account.');
  } else {
    throw fail('The provider returned no identity.');
  }
  const session = await userForIdentity(st.provider, claims, input.userAgent);
  return { session, redirectTo: st.redirectTo, provider: st.provider };
}

/** POST /token?grant_type=id_token (Google One Tap). */
export async function signInWithIdToken(input: {
  provider: Provider;
  idToken: string;
  nonce?: string;
  ip: string;
  userAgent?: string;
}): Promise<Session> {
  await rateLimit.enforce(
    `sign-in:ip:${input.ip}`,
    signInLimitPerIp(),
    15 * 60,
    (r) => `Too many sign-in attempts. Please try again in ${Math.ceil(r / 60)} minute${r > 60 ? 's' : ''}.`,
  );
  const cfg = requireProvider(input.provider);
  const claims = await verifyIdToken(cfg, input.idToken, input.nonce);
  return userForIdentity(input.provider, claims, input.userAgent);
}
