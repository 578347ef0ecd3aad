import type { RouteHandler } from '@hono/zod-openapi';
import { setCookie } from 'hono/cookie';
import { isProduction } from '../../../platform/config.js';
import type { AppEnv } from '../../../platform/http/env.js';
import { publicOrigin } from '../../../platform/http/origin.js';
import { STATE_COOKIE, STATE_COOKIE_PATH } from '../cookies.js';
import { startAuthorization } from '../oauth.js';
import type { authorizeRoute } from './routes.js';

export const authorize: RouteHandler<typeof authorizeRoute, AppEnv> = async (c) => {
  const q = c.req.valid('query');
  const { url, state } = await startAuthorization({
    provider: q.provider,
    redirectTo: q.redirect_to,
    origin: publicOrigin(c),
  });
  setCookie(c, STATE_COOKIE, state, {
    httpOnly: true,
    sameSite: 'Lax',
    path: STATE_COOKIE_PATH,
    maxAge: 600,
    secure: isProduction() || new URL(c.req.url).protocol === 'https:',
  });
  return c.redirect(url, 302);
};
