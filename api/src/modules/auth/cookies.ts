import type { Context } from 'hono';
import { deleteCookie, setCookie } from 'hono/cookie';
import { isProduction } from '../../platform/config.js';
import { REFRESH_TOKEN_TTL_SECONDS, type Session } from './sessions.js';

// The cookies of the ways in: the refresh token (every sign-in sets it) and the OAuth state.

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

export function clearRefreshCookie(c: Context) {
  deleteCookie(c, REFRESH_COOKIE, { path: COOKIE_PATH });
}

/** The answer of every sign-in (the refresh token is only in the cookie). */
export const tokenBody = (s: Session) => ({
  access_token: s.accessToken,
  token_type: 'bearer' as const,
  expires_in: s.expiresIn,
  expires_at: s.expiresAt,
  user: s.user,
});

// The OAuth state is also kept in a cookie of the browser that started the sign-in, and the callback
// must present both: a callback URL forwarded to someone else (login CSRF: signing a victim into the
// attacker's account) fails. SameSite=Lax, because the callback is a top-level navigation from the
// provider's site, where Strict cookies are not sent.
export const STATE_COOKIE = 'portal_oauth_state';
export const STATE_COOKIE_PATH = '/api/auth/callback';
