import { createMiddleware } from 'hono/factory';

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
  c.res.headers.append('Set-Cookie', cleared
    ? `${SESSION_MARKER_COOKIE}=; Max-Age=0; Path=/; SameSite=Lax${secure}`
    : `${SESSION_MARKER_COOKIE}=1${maxAge ? `; Max-Age=${maxAge}` : ''}; Path=/; SameSite=Lax${secure}`);
});

/** Whether a page request says a session may exist (the marker above). */
export const mayHaveSession = (cookieHeader: string | undefined) =>
  (cookieHeader ?? '').split(';').some((part) => part.trim() === `${SESSION_MARKER_COOKIE}=1`);
