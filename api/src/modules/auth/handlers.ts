import type { RouteHandler } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import { verifyAccessToken } from '../../platform/auth/tokens.js';
import { isProduction } from '../../platform/config.js';
import { toAppError, unauthenticated, validationError } from '../../platform/errors.js';
import { clientIp } from '../../platform/http/client-ip.js';
import type { AppEnv } from '../../platform/http/env.js';
import { publicOrigin } from '../../platform/http/origin.js';
import { readOutbox } from '../../platform/outbound/index.js';
import { finishAuthorization, PROVIDER_LABEL, providerConfig, redirectSignInConfigured, signInWithIdToken, startAuthorization, type Provider } from './oauth.js';
import { OTP_TTL_SECONDS, sendPhoneCode, verifyPhoneCode } from './otp.js';
import {
  IdTokenGrantBody, PasswordGrantBody,
  type authorizeRoute, type callbackRoute, type configRoute, type confirmRoute, type devOutboxRoute,
  type logoutRoute, type otpRoute, type recoverCheckRoute, type recoverResetRoute, type recoverRoute, type resendRoute,
  type signUpRoute, type tokenRoute, type verifyRoute,
} from './routes.js';
import { checkPasswordResetLink, requestPasswordReset, resetPassword } from './recovery.js';
import { REFRESH_TOKEN_TTL_SECONDS, refreshSession, signInWithPassword, signOut, type Session } from './service.js';
import { confirmEmail, resendConfirmation, signUp } from './signup.js';

export const REFRESH_COOKIE = 'portal_rt';
const COOKIE_PATH = '/api/auth';

export function setRefreshCookie(c: Context, token: string) {
  setCookie(c, REFRESH_COOKIE, token, {
    httpOnly: true,
    sameSite: 'Strict',
    path: COOKIE_PATH,
    secure: isProduction() || new URL(c.req.url).protocol === 'https:',
    maxAge: REFRESH_TOKEN_TTL_SECONDS,
  });
}

export const tokenBody = (s: Session) => ({
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
  } else if (grant_type === 'id_token') {
    const raw: unknown = await c.req.json().catch(() => ({}));
    const body = IdTokenGrantBody.parse(raw ?? {});
    session = await signInWithIdToken({ provider: body.provider, idToken: body.id_token, nonce: body.nonce, ip: clientIp(c), userAgent });
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

export const signup: RouteHandler<typeof signUpRoute, AppEnv> = async (c) => {
  const body = c.req.valid('json');
  const result = await signUp({ email: body.email, password: body.password, fullName: body.data.full_name, phone: body.phone, ip: clientIp(c), origin: publicOrigin(c) });
  return c.json(result, 200);
};

export const confirm: RouteHandler<typeof confirmRoute, AppEnv> = async (c) => {
  const outcome = await confirmEmail(c.req.valid('query').token);
  const target = outcome === 'confirmed'
    ? '/auth?confirmed=1'
    : `/auth?confirm_error=${encodeURIComponent('This confirmation link is invalid or has expired.')}`;
  return c.redirect(target, 302);
};

export const otp: RouteHandler<typeof otpRoute, AppEnv> = async (c) => {
  await sendPhoneCode({ phone: c.req.valid('json').phone, ip: clientIp(c) });
  return c.json({ sent: true as const, expires_in: OTP_TTL_SECONDS }, 200);
};

export const verify: RouteHandler<typeof verifyRoute, AppEnv> = async (c) => {
  const body = c.req.valid('json');
  const session = await verifyPhoneCode({ phone: body.phone, token: body.token, ip: clientIp(c), userAgent: c.req.header('user-agent') });
  setRefreshCookie(c, session.refreshToken);
  return c.json(tokenBody(session), 200);
};

// The OAuth state is also kept in a cookie of the browser that started the sign-in, and the callback
// must present both: a callback URL forwarded to someone else (login CSRF: signing a victim into the
// attacker's account) fails. SameSite=Lax, because the callback is a top-level navigation from the
// provider's site, where Strict cookies are not sent.
const STATE_COOKIE = 'portal_oauth_state';
const STATE_COOKIE_PATH = '/api/auth/callback';

export const authorize: RouteHandler<typeof authorizeRoute, AppEnv> = async (c) => {
  const q = c.req.valid('query');
  const { url, state } = await startAuthorization({ provider: q.provider, redirectTo: q.redirect_to, origin: publicOrigin(c) });
  setCookie(c, STATE_COOKIE, state, {
    httpOnly: true, sameSite: 'Lax', path: STATE_COOKIE_PATH, maxAge: 600,
    secure: isProduction() || new URL(c.req.url).protocol === 'https:',
  });
  return c.redirect(url, 302);
};

/** Failures go back to /auth, where the shell shows "(provider) Login Failed" with the message. */
export const callback: RouteHandler<typeof callbackRoute, AppEnv> = async (c) => {
  const q = c.req.valid('query');
  const browserState = getCookie(c, STATE_COOKIE);
  deleteCookie(c, STATE_COOKIE, { path: STATE_COOKIE_PATH });
  try {
    if (!q.state || browserState !== q.state) throw unauthenticated('This sign-in did not start in this browser. Please try again.');
    const { session, redirectTo } = await finishAuthorization({ code: q.code, state: q.state, error: q.error, errorDescription: q.error_description, origin: publicOrigin(c), userAgent: c.req.header('user-agent') });
    setRefreshCookie(c, session.refreshToken);
    return c.redirect(redirectTo, 302);
  } catch (e) {
    const err = toAppError(e);
    const provider = (e as { provider?: Provider }).provider;
    const params = new URLSearchParams({ error: err.message, ...(provider ? { provider: PROVIDER_LABEL[provider] } : {}) });
    return c.redirect(`/auth?${params}`, 302);
  }
};

export const config: RouteHandler<typeof configRoute, AppEnv> = async (c) => {
  const google = providerConfig('google');
  const providers = { google: redirectSignInConfigured('google'), facebook: redirectSignInConfigured('facebook') };
  return c.json({ google_client_id: google?.clientId ?? null, providers }, 200, { 'Cache-Control': 'no-cache' });
};

export const devOutbox: RouteHandler<typeof devOutboxRoute, AppEnv> = async (c) => {
  const q = c.req.valid('query');
  if (q.to && q.recipient && q.to !== q.recipient) throw validationError({ to: 'Give to or recipient, not both.' });
  const to = q.to ?? q.recipient;
  return c.json({ messages: await readOutbox({ recipient: to?.toLowerCase(), channel: q.channel, limit: q.limit }) }, 200);
};

export const resend: RouteHandler<typeof resendRoute, AppEnv> = async (c) => {
  await resendConfirmation({ email: c.req.valid('json').email, ip: clientIp(c), origin: publicOrigin(c) });
  return c.json({ sent: true as const }, 200);
};

export const recover: RouteHandler<typeof recoverRoute, AppEnv> = async (c) => {
  await requestPasswordReset({ email: c.req.valid('json').email, ip: clientIp(c), origin: publicOrigin(c) });
  return c.json({ sent: true as const }, 200);
};

export const recoverCheck: RouteHandler<typeof recoverCheckRoute, AppEnv> = async (c) =>
  c.json({ valid: await checkPasswordResetLink(c.req.valid('json').token) }, 200);

export const recoverReset: RouteHandler<typeof recoverResetRoute, AppEnv> = async (c) => {
  const body = c.req.valid('json');
  return c.json(await resetPassword({ token: body.token, password: body.password, ip: clientIp(c), origin: publicOrigin(c) }), 200);
};
