import type { ApiSchema } from '../api-types';
import { matchesPrefix, routeOwner } from './route-owner';

/**
 * The requests a signed-in page needs first, started by the shell's entry before React, the router
 * or the store exist: the session refresh, then with its token, all at once, the header's
 * profile, the current route's data (package.json "portal.prefetch" of the remote owning the URL, from
 * the registry the server put in the HTML) and, for an admin, the registry with the admin remotes.
 * The session manager and apiFetch take these answers instead of asking again (each at most once,
 * only with the same access token, only for a short while), so nothing waits for the code that
 * will use it. The shell's entry imports this file as `@portal/shared-ui/early` (not the shared
 * singleton, which is not set up yet): the hand-over is a global, the rest is stateless.
 *
 * Without the session marker cookie (api/src/platform/http/session-marker.ts) there is no session:
 * no refresh call at all (a signed-out visit made one, got 401 and logged a console error).
 */
export type BootRemote = ApiSchema<'RemoteRegistry'>['remotes'][number];
/** `<script type="application/json" id="portal-boot">` written by the server into index.html. */
export interface BootData {
  remotes: BootRemote[];
  /** the session marker came with this page's request (the server read it: see sessionMayExist) */
  session?: boolean;
  /**
   * The user `remotes` was made for: an admin's page (the server's signed admin hint) carries that
   * admin's own registry, so the page need not ask for it again once the session is theirs.
   * Absent: the public list.
   */
  user?: string;
}
interface Prefetched {
  /** the access token it was asked with (null: the refresh failed, nothing was asked) */
  token: Promise<string | null>;
  at: number;
  response: Promise<Response | null>;
}
interface EarlyState {
  /** no session marker: the visitor is signed out */
  signedOut: boolean;
  /** the first refresh, until the session manager takes it */
  refresh?: Promise<Response>;
  prefetched: Map<string, Prefetched>;
}
declare global {
  var __PORTAL_EARLY__: EarlyState | undefined;
}

export const SESSION_MARKER = 'portal_session=1';
export const REFRESH_URL = '/api/auth/token?grant_type=refresh_token';
/** What every signed-in page shows: the header's name and avatar. */
const EVERY_PAGE = ['/api/profile'];
/** A prefetched answer older than this is not used (the page asked too late to call it fresh). */
const FRESH_MS = 10_000;

export { matchesPrefix, routeOwner };

/** A boolean claim of an access token: a UI hint only, the server re-checks. */
function claim(token: string, name: 'adm' | 'mfa'): boolean {
  try {
    const payload = token.split('.')[1] ?? '';
    const json = atob(payload.replace(/-/g, '+').replace(/_/g, '/'));
    return (JSON.parse(json) as Record<string, unknown>)[name] === true;
  } catch {
    return false;
  }
}

/** `adm` claim: the user is an admin. */
export const adminClaim = (token: string) => claim(token, 'adm');

/** `mfa` claim: the session signed in with a second factor (admin pages need it). */
export const secondFactorClaim = (token: string) => claim(token, 'mfa');

export function readBootData(doc: Document): BootData | null {
  try {
    const text = doc.getElementById('portal-boot')?.textContent;
    return text ? (JSON.parse(text) as BootData) : null;
  } catch {
    return null;
  }
}

/** API GET paths the first screen of `pathname` reads, as its remote declares them. */
export function routeData(remotes: BootRemote[], pathname: string): string[] {
  return remotes.flatMap((r) =>
    Object.entries(r.prefetch)
      .filter(([route]) => matchesPrefix(pathname, route))
      .flatMap(([, urls]) => urls),
  );
}

/**
 * Whether a session may exist: the server's word in the boot data, else (a page the server did not
 * answer: rspack's dev server) the session marker cookie. Reading document.cookie is a synchronous
 * round trip to the browser's network process: 2-17 ms (median 5) at the very start of a cold
 * signed-in page, before the refresh could be sent.
 */
export function sessionMayExist(doc: Pick<Document, 'cookie'>, boot: BootData | null): boolean {
  if (typeof boot?.session === 'boolean') return boot.session;
  return doc.cookie.split(';').some((part) => part.trim() === SESSION_MARKER);
}

/** Called once by the shell's entry. */
export function startEarlyRequests(doc: Document, pathname: string): void {
  const boot = readBootData(doc);
  const mayHaveSession = sessionMayExist(doc, boot);
  const state: EarlyState = { signedOut: !mayHaveSession, prefetched: new Map() };
  globalThis.__PORTAL_EARLY__ = state;
  if (!mayHaveSession) return;
  state.refresh = fetch(REFRESH_URL, { method: 'POST', credentials: 'same-origin' });
  // registered before the session manager reads the answer: the clone is taken while the body is unread
  const token = state.refresh.then(
    async (res) => (res.ok ? ((await res.clone().json()) as { access_token: string }).access_token : null),
    () => null,
  );
  const remotes = boot?.remotes ?? [];
  const ask = (url: string, when: (t: string) => boolean = () => true) => {
    const response = token.then((t) =>
      t && when(t)
        ? fetch(url, {
            headers: { accept: 'application/json', authorization: `Bearer ${t}` },
            credentials: 'same-origin',
          })
        : null,
    );
    state.prefetched.set(url, { token, at: performance.now(), response: response.catch(() => null) });
  };
  for (const url of new Set([...EVERY_PAGE, ...routeData(remotes, pathname)])) ask(url);
  // the route's remote: index.html preloads its entry; its ./App chunks are only warmed here
  const remote = routeOwner(remotes, pathname);
  // a canary of the route's remote runs (split): which release this user gets is in their own registry
  const split = remote?.split === true;
  if (remote && !split) warmScripts(remote.preload.slice(1));
  // only an admin's registry differs from the one in the page (unless the page carries theirs: boot
  // `user`), and a signed-in user's during a canary
  ask('/api/platform/remotes', (t) => split || (adminClaim(t) && boot?.user === undefined));
  if (!remote || split) void startAdminRoute(state, pathname, ask);
}

/**
 * On a route the page's registry does not name (an admin remote's), or whose remote runs a canary
 * (the user's side of it), the caller's own registry does:
 * as soon as it arrives, its remote's code downloads and the route's data is asked for, while the
 * shell's code is still on its way. The clone is taken before the shell reads the body (this
 * callback was registered first).
 */
async function startAdminRoute(state: EarlyState, pathname: string, ask: (url: string) => void) {
  const res = await state.prefetched.get('/api/platform/remotes')?.response;
  if (!res?.ok) return;
  const { remotes } = (await res.clone().json()) as { remotes: BootRemote[] };
  const remote = routeOwner(remotes, pathname);
  if (!remote) return;
  warmScripts(remote.preload);
  for (const url of routeData([remote], pathname)) if (!state.prefetched.has(url)) ask(url);
}

/**
 * Downloads scripts into the HTTP cache (remote files are immutable) so the federation runtime finds
 * them there. Not `<link rel="preload">`: Chromium answers the next script request for a URL whose
 * preload failed with that failure, without asking the network, so a Retry after an outage failed
 * once more (found by the remote-down e2e). A failed fetch leaves nothing behind.
 */
export function warmScripts(urls: string[]): void {
  for (const url of urls)
    void fetch(url, { credentials: 'same-origin' })
      .then(
        (r) => r.arrayBuffer(),
        () => undefined,
      )
      .catch(() => undefined);
}

/** The entry found no session marker: signed out without asking (standalone pages have no entry: false). */
export const knownSignedOut = () => globalThis.__PORTAL_EARLY__?.signedOut === true;

/** The refresh the entry already started, once (the first refresh of the page). */
export function takeEarlyRefresh(): Promise<Response> | undefined {
  const state = globalThis.__PORTAL_EARLY__;
  const refresh = state?.refresh;
  if (state) state.refresh = undefined;
  return refresh;
}

/** The answer to GET `url` the entry already requested with this access token, once (else undefined: ask). */
export async function takePrefetched(url: string, token: string | null): Promise<Response | undefined> {
  const state = globalThis.__PORTAL_EARLY__;
  const hit = state?.prefetched.get(url);
  if (!hit) return undefined;
  state!.prefetched.delete(url);
  if (performance.now() - hit.at > FRESH_MS || (await hit.token) !== token) return undefined;
  return (await hit.response) ?? undefined;
}
