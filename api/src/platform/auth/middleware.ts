import { createMiddleware } from 'hono/factory';
import { forbidden, unauthenticated } from '../errors.js';
import { getPool } from '../db/pool.js';
import type { AppEnv } from '../http/env.js';
import { verifyAccessToken } from './tokens.js';

function bearer(header: string | undefined): string | undefined {
  const m = header?.match(/^Bearer\s+(\S+)$/i);
  return m?.[1];
}

/** Puts the user on the context when a valid token is sent; anonymous otherwise. */
export const optionalAuth = createMiddleware<AppEnv>(async (c, next) => {
  const token = bearer(c.req.header('authorization'));
  if (token) {
    const user = await verifyAccessToken(token);
    if (user) c.set('user', user);
  }
  await next();
});

/** 401 unless a valid access token is sent. */
export const requireAuth = createMiddleware<AppEnv>(async (c, next) => {
  const token = bearer(c.req.header('authorization'));
  const user = token ? await verifyAccessToken(token) : null;
  if (!user) throw unauthenticated();
  c.set('user', user);
  await next();
});

/** is_admin from the database, never from the token alone (a revoked admin loses access at once). */
export async function isAdmin(userId: string): Promise<boolean> {
  const { rows } = await getPool().query<{ is_admin: boolean }>(
    'SELECT p.is_admin FROM profiles p JOIN users u ON u.id = p.id WHERE p.id = $1 AND u.disabled_at IS NULL', [userId]);
  return rows[0]?.is_admin === true;
}

/** requireAuth, then 403 unless the caller is an admin in the database. */
export const requireAdmin = createMiddleware<AppEnv>(async (c, next) => {
  const token = bearer(c.req.header('authorization'));
  const user = token ? await verifyAccessToken(token) : null;
  if (!user) throw unauthenticated();
  if (!(await isAdmin(user.id))) throw forbidden('You do not have permission to access the admin panel');
  c.set('user', user);
  await next();
});

/** The signed-in user, for handlers behind requireAuth/requireAdmin. */
export function currentUser(c: { get(key: 'user'): AppEnv['Variables']['user'] }) {
  const user = c.get('user');
  if (!user) throw unauthenticated();
  return user;
}
