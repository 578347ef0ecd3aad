import crypto from 'node:crypto';
import { createMiddleware } from 'hono/factory';
import { jwtSecret } from '../auth/secret.js';

/**
 * The refresh cookie (`portal_rt`, httpOnly, Path /api/auth) is invisible to page scripts and is not
 * sent with page requests, so neither the page nor the server's HTML answer can tell whether a
 * session may exist, and every signed-out page load used to call the refresh endpoint just to get a
 * 401 (and a console error). This marker says only "a refresh cookie was set": `portal_session=1`,
 * Path /, readable by scripts, no secret in it, same lifetime as the refresh cookie. Whatever sets or
 * clears the refresh cookie (sign-in in every form, refresh, OAuth callback, sign-out, a refused
 * refresh) sets or clears the marker in the same response, so the auth module keeps one cookie rule.
 * A stale marker costs one refresh call that fails as before; a missing marker means signed out.
 */
export const SESSION_MARKER_COOKIE = 'portal_session';
const REFRESH_COOKIE = 'portal_rt';

export const sessionMarker = createMiddleware(async (c, next) => {
  await next();
  const refresh = c.res.headers.getSetCookie().find((h) => h.startsWith(`${REFRESH_COOKIE}=`));
  if (!refresh) return;
  const value = refresh.slice(REFRESH_COOKIE.length + 1).split(';')[0];
  const maxAge = /;\s*Max-Age=(\d+)/i.exec(refresh)?.[1];
  const cleared = !value || maxAge === '0' || /;\s*Expires=Thu, 01 Jan 1970/i.test(refresh);
  const secure = /;\s*Secure/i.test(refresh) ? '; Secure' : '';
  c.res.headers.append(
    'Set-Cookie',
    cleared
      ? `${SESSION_MARKER_COOKIE}=; Max-Age=0; Path=/; SameSite=Lax${secure}`
      : `${SESSION_MARKER_COOKIE}=1${maxAge ? `; Max-Age=${maxAge}` : ''}; Path=/; SameSite=Lax${secure}`,
  );
  const admin = cleared ? false : await adminOfAnswer(c.res);
  if (admin === undefined) return;
  const seconds = Number(maxAge ?? 0);
  c.res.headers.append(
    'Set-Cookie',
    admin && seconds > 0
      ? `${ADMIN_HINT_COOKIE}=${signAdminHint(admin, Math.floor(Date.now() / 1000) + seconds)}; Max-Age=${seconds}; Path=/; HttpOnly; SameSite=Lax${secure}`
      : `${ADMIN_HINT_COOKIE}=; Max-Age=0; Path=/; HttpOnly; SameSite=Lax${secure}`,
  );
});

/**
 * The admin hint: an admin's index.html can name the admin remote (its entry preloaded, its registry
 * entry in the page) instead of the page learning it from the registry after the session refresh,
 * one request after another. Only the server can make it (HMAC with the token key over
 * the user id and an expiry), httpOnly, set and cleared with the refresh cookie from the access
 * token's `adm` claim. It reveals code, never data: every admin request still checks the token, and
 * a demoted admin loses the hint at their next refresh.
 */
export const ADMIN_HINT_COOKIE = 'portal_admin';

/** The user id when the answer's access token says admin, false when it says otherwise, undefined without a token. */
async function adminOfAnswer(res: Response): Promise<string | false | undefined> {
  if (!(res.headers.get('content-type') ?? '').includes('application/json')) return undefined;
  try {
    const { access_token: token } = (await res.clone().json()) as { access_token?: unknown };
    if (typeof token !== 'string') return undefined;
    const claims = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8')) as {
      sub?: unknown;
      adm?: unknown;
    };
    return claims.adm === true && typeof claims.sub === 'string' ? claims.sub : false;
  } catch {
    return undefined;
  }
}

/** HMAC with the token key over a cookie's purpose and payload: only the server can make one. */
const cookieMac = (purpose: string, payload: string) =>
  crypto.createHmac('sha256', jwtSecret()).update(`${purpose}:${payload}`).digest('base64url');

/** `<fields joined by '.'>.<expiry>.<mac>`: a value only the server can make, for `purpose`. */
export const signCookieValue = (purpose: string, fields: string[], expiresAt: number) =>
  `${[...fields, expiresAt].join('.')}.${cookieMac(purpose, [...fields, expiresAt].join('.'))}`;

/** The fields of a valid, unexpired signed cookie value for `purpose` (read from the Cookie header), or null. */
export function readSignedCookie(
  cookieHeader: string | undefined,
  name: string,
  purpose: string,
  fieldCount: number,
): string[] | null {
  const raw = (cookieHeader ?? '')
    .split(';')
    .map((part) => part.trim())
    .find((part) => part.startsWith(`${name}=`));
  const parts = (raw?.slice(name.length + 1) ?? '').split('.');
  if (parts.length !== fieldCount + 2 || parts.some((p) => !p)) return null;
  const fields = parts.slice(0, fieldCount);
  const [expiresAt, mac] = parts.slice(fieldCount) as [string, string];
  if (!(Number(expiresAt) * 1000 >= Date.now())) return null;
  const expected = Buffer.from(cookieMac(purpose, [...fields, expiresAt].join('.')));
  const given = Buffer.from(mac);
  return given.length === expected.length && crypto.timingSafeEqual(given, expected) ? fields : null;
}

const signAdminHint = (userId: string, expiresAt: number) => signCookieValue(ADMIN_HINT_COOKIE, [userId], expiresAt);

/** The admin's user id when a page request carries a valid, unexpired admin hint (above), else null. */
export const adminHintUser = (cookieHeader: string | undefined): string | null =>
  readSignedCookie(cookieHeader, ADMIN_HINT_COOKIE, ADMIN_HINT_COOKIE, 1)?.[0] ?? null;

/** Whether a page request carries a valid, unexpired admin hint (above). */
export const hasAdminHint = (cookieHeader: string | undefined): boolean => adminHintUser(cookieHeader) !== null;

/** Whether a page request says a session may exist (the marker above). */
export const mayHaveSession = (cookieHeader: string | undefined) =>
  (cookieHeader ?? '').split(';').some((part) => part.trim() === `${SESSION_MARKER_COOKIE}=1`);
