import type { RouteHandler } from '@hono/zod-openapi';
import { getCookie } from 'hono/cookie';
import { verifyAccessToken } from '../../../platform/auth/tokens.js';
import type { AppEnv } from '../../../platform/http/env.js';
import { clearRefreshCookie, REFRESH_COOKIE } from '../cookies.js';
import { signOut } from '../sessions.js';
import type { logoutRoute } from './routes.js';

export const logout: RouteHandler<typeof logoutRoute, AppEnv> = async (c) => {
  const { scope } = c.req.valid('query');
  const bearer = c.req.header('authorization')?.match(/^Bearer\s+(\S+)$/i)?.[1];
  const user = bearer ? await verifyAccessToken(bearer) : null;
  await signOut({ scope, user: user ?? undefined, refreshToken: getCookie(c, REFRESH_COOKIE) });
  clearRefreshCookie(c);
  return c.body(null, 204);
};
