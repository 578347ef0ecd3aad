import type { RouteHandler } from '@hono/zod-openapi';
import { deleteCookie, getCookie } from 'hono/cookie';
import { toAppError, unauthenticated, type AppError } from '../../../platform/errors.js';
import type { AppEnv } from '../../../platform/http/env.js';
import { publicOrigin } from '../../../platform/http/origin.js';
import { setRefreshCookie, STATE_COOKIE, STATE_COOKIE_PATH } from '../cookies.js';
import { finishAuthorization, PROVIDER_LABEL, type Provider } from '../oauth.js';
import type { callbackRoute } from './routes.js';

/**
 * An account with a second factor goes back to /auth with the second step's ticket in the fragment
 * (never sent to a server, nor in a Referer), where the shell asks for the code or passkey.
 */
function secondStepOf(err: AppError): string | null {
  if (err.code !== 'SECOND_FACTOR_REQUIRED') return null;
  const step = (err.details as { second_factor?: { ticket: string; methods: string[] } } | undefined)?.second_factor;
  return step ? new URLSearchParams({ second_factor: step.ticket, methods: step.methods.join(',') }).toString() : null;
}

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
    const secondStep = secondStepOf(err);
    if (secondStep) return c.redirect(`/auth#${secondStep}`, 302);
    const provider = (e as { provider?: Provider }).provider;
    const params = new URLSearchParams({
      error: err.message,
      ...(provider ? { provider: PROVIDER_LABEL[provider] } : {}),
    });
    return c.redirect(`/auth?${params}`, 302);
  }
};
