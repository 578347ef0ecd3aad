import type { RouteHandler } from '@hono/zod-openapi';
import { deleteCookie, getCookie } from 'hono/cookie';
import { toAppError, unauthenticated } from '../../../platform/errors.js';
import type { AppEnv } from '../../../platform/http/env.js';
import { publicOrigin } from '../../../platform/http/origin.js';
import { setRefreshCookie, STATE_COOKIE, STATE_COOKIE_PATH } from '../cookies.js';
import { finishAuthorization, PROVIDER_LABEL, type Provider } from '../oauth.js';
import type { callbackRoute } from './routes.js';

/** Failures go back to /auth, where the shell shows "(provider) Login Failed" with the message. */
export const callback: RouteHandler<typeof callbackRoute, AppEnv> = async (c) => {
  const q = c.req.valid('query');
  const browserState = getCookie(c, STATE_COOKIE);
  deleteCookie(c, STATE_COOKIE, { path: STATE_COOKIE_PATH });
  try {
    if (!q.state || browserState !== q.state)
      throw unauthenticated('This sign-in did not start in this browser. Please try again.');
    const { session, redirectTo } = await finishAuthorization({
      code: q.code,
      state: q.state,
      error: q.error,
      errorDescription: q.error_description,
      origin: publicOrigin(c),
      userAgent: c.req.header('user-agent'),
    });
    setRefreshCookie(c, session.refreshToken);
    return c.redirect(redirectTo, 302);
  } catch (e) {
    const err = toAppError(e);
    const provider = (e as { provider?: Provider }).provider;
    const params = new URLSearchParams({
      error: err.message,
      ...(provider ? { provider: PROVIDER_LABEL[provider] } : {}),
    });
    return c.redirect(`/auth?${params}`, 302);
  }
};
