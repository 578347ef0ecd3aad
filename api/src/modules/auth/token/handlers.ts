import type { RouteHandler } from '@hono/zod-openapi';
import { getCookie } from 'hono/cookie';
import { clientIp } from '../../../platform/http/client-ip.js';
import type { AppEnv } from '../../../platform/http/env.js';
import { clearRefreshCookie, REFRESH_COOKIE, setRefreshCookie, tokenBody } from '../cookies.js';
import { signInWithIdToken } from '../oauth.js';
import { refreshSession, signInWithPassword, type Session } from '../sessions.js';
import { IdTokenGrantBody, PasswordGrantBody, type tokenRoute } from './routes.js';

export const token: RouteHandler<typeof tokenRoute, AppEnv> = async (c) => {
  const { grant_type } = c.req.valid('query');
  const userAgent = c.req.header('user-agent');
  let session: Session;
  if (grant_type === 'password') {
    const raw: unknown = await c.req.json().catch(() => ({}));
    const body = PasswordGrantBody.parse(raw ?? {}); // ZodError -> 400 with fields
    session = await signInWithPassword({ ...body, ip: clientIp(c), userAgent });
  } else if (grant_type === 'id_token') {
    const raw: unknown = await c.req.json().catch(() => ({}));
    const body = IdTokenGrantBody.parse(raw ?? {});
    session = await signInWithIdToken({
      provider: body.provider,
      idToken: body.id_token,
      nonce: body.nonce,
      ip: clientIp(c),
      userAgent,
    });
  } else {
    try {
      session = await refreshSession(getCookie(c, REFRESH_COOKIE), userAgent);
    } catch (e) {
      clearRefreshCookie(c);
      throw e;
    }
  }
  setRefreshCookie(c, session.refreshToken);
  return c.json(tokenBody(session), 200);
};
