import { createMiddleware } from 'hono/factory';
import { AppError, forbidden, unauthenticated } from '../errors.js';
import { ADMIN_SECOND_FACTOR_MESSAGE } from '../second-factor/sessions.js';
import { getPool } from '../db/pool.js';
import type { AppEnv } from '../http/env.js';
import { checkAccessToken, type AuthUser } from './tokens.js';
import { isAdmin as isAdminQuery } from './middleware.queries.js';

function bearer(header: string | undefined): string | undefined {
  const m = header?.match(/^Bearer\s+(\S+)$/i);
  return m?.[1];
}

export const SESSION_ENDED = 'Session has ended. Please sign in again.';

/** The bearer's user; 401 for no/bad token, 401 "Session has ended" for a signed-out session or disabled user. */
async function authenticate(header: string | undefined): Promise<AuthUser> {
  const token = bearer(header);
  const user = token ? await checkAccessToken(token) : null;
  if (user === 'ended') throw unauthenticated(SESSION_ENDED);
  if (!user) throw unauthenticated();
  return user;
}

/** Puts the user on the context when a valid, live token is sent; anonymous otherwise. */
export const optionalAuth = createMiddleware<AppEnv>(async (c, next) => {
  const token = bearer(c.req.header('authorization'));
  if (token) {
    const user = await checkAccessToken(token);
    if (user && user !== 'ended') c.set('user', user);
  }
  await next();
});

/** 401 unless a valid access token of a live session is sent. */
export const requireAuth = createMiddleware<AppEnv>(async (c, next) => {
  c.set('user', await authenticate(c.req.header('authorization')));
  await next();
});

/**
 * is_admin from the database, never from the token alone (a revoked admin loses access at once).
 * Raw: runs on every admin request, a quarter of the time of the Prisma read (docs/decisions.md "Auth rows through Prisma").
 */
export async function isAdmin(userId: string): Promise<boolean> {
  const rows = await isAdminQuery.run({ userId }, getPool());
  return rows[0]?.is_admin === true;
}

/**
 * requireAuth, then 403 unless the caller is an admin in the database, then 403
 * SECOND_FACTOR_SETUP_REQUIRED unless this session signed in with a second factor.
 */
export const requireAdmin = createMiddleware<AppEnv>(async (c, next) => {
  const user = await authenticate(c.req.header('authorization'));
  if (!(await isAdmin(user.id))) throw forbidden('You do not have permission to access the admin panel');
  if (!user.mfa) throw new AppError(403, 'SECOND_FACTOR_SETUP_REQUIRED', ADMIN_SECOND_FACTOR_MESSAGE);
  c.set('user', user);
  await next();
});

/** The signed-in user, for handlers behind requireAuth/requireAdmin. */
export function currentUser(c: { get(key: 'user'): AppEnv['Variables']['user'] }) {
  const user = c.get('user');
  if (!user) throw unauthenticated();
  return user;
}
