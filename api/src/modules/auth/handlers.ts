import type { RouteHandler } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import { verifyAccessToken } from '../../platform/auth/tokens.js';
import { isProduction } from '../../platform/config.js';
import { clientIp } from '../../platform/http/client-ip.js';
import type { AppEnv } from '../../platform/http/env.js';
import { PasswordGrantBody, type logoutRoute, type tokenRoute } from './routes.js';
import { REFRESH_TOKEN_TTL_SECONDS, refreshSession, signInWithPassword, signOut, type Session } from './service.js';

export const REFRESH_COOKIE = 'portal_rt';
const COOKIE_PATH = '/api/auth';

function setRefreshCookie(c: Context, token: string) {
  setCookie(c, REFRESH_COOKIE, token, {
    httpOnly: true,
    sameSite: 'Strict',
    path: COOKIE_PATH,
    secure: isProduction || new URL(c.req.url).protocol === 'https:',
    maxAge: REFRESH_TOKEN_TTL_SECONDS,
  });
}

const tokenBody = (s: Session) => ({
  access_token: s.accessToken,
  token_type: 'bearer' as const,
  expires_in: s.expiresIn,
  expires_at: s.expiresAt,
  user: s.user,
});

export const token: RouteHandler<typeof tokenRoute, AppEnv> = async (c) => {
  const { grant_type } = c.req.valid('query');
  const userAgent = c.req.header('user-agent');
  let session: Session;
  if (grant_type === 'password') {
    const raw: unknown = await c.req.json().catch(() => ({}));
    const body = PasswordGrantBody.parse(raw ?? {}); // ZodError -> 400 with fields
    session = await signInWithPassword({ ...body, ip: clientIp(c), userAgent });
  } else {
    try {
      session = await refreshSession(getCookie(c, REFRESH_COOKIE), userAgent);
    } catch (e) {
      deleteCookie(c, REFRESH_COOKIE, { path: COOKIE_PATH });
      throw e;
    }
  }
  setRefreshCookie(c, session.refreshToken);
  return c.json(tokenBody(session), 200);
};

export const logout: RouteHandler<typeof logoutRoute, AppEnv> = async (c) => {
  const { scope } = c.req.valid('query');
  const bearer = c.req.header('authorization')?.match(/^Bearer\s+(\S+)$/i)?.[1];
  const user = bearer ? await verifyAccessToken(bearer) : null;
  await signOut({ scope, user: user ?? undefined, refreshToken: getCookie(c, REFRESH_COOKIE) });
  deleteCookie(c, REFRESH_COOKIE, { path: COOKIE_PATH });
  return c.body(null, 204);
};
