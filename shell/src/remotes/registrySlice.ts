import { apiFetch, errorMessage, type ApiSchema } from '@portal/shared-ui';
import { matchesPrefix, readBootData, routeOwner } from '@portal/shared-ui/early';

/** One entry of GET /api/platform/remotes (docs/decisions.md). */
export type RemoteInfo = ApiSchema<'RemoteRegistry'>['remotes'][number];

export interface RegistryState {
  status: 'idle' | 'loading' | 'ready' | 'error';
  /** The session the list was fetched for ('anon' or a user id): the list depends on who asks. */
  key: string | null;
  remotes: RemoteInfo[];
  error: string | null;
}

const initialState: RegistryState = { status: 'idle', key: null, remotes: [], error: null };
/**
 * The server writes the registry into index.html (api/src/platform/http/shell-html.ts): the public
 * list (every remote but the admin ones), or on an admin's page (the server's signed hint) that
 * admin's own list, keyed by their id as registryKey keys it. Either way the page starts with the
 * list it would fetch; an admin's session that turns out to be someone else's asks again.
 */
export function bootState(doc: Document | undefined): RegistryState {
  const boot = doc ? readBootData(doc) : null;
  return boot ? { status: 'ready', key: boot.user ?? 'anon', remotes: boot.remotes, error: null } : initialState;
}
const startState = bootState(typeof document === 'undefined' ? undefined : document);

// Hand-written reducer and thunk (no Redux Toolkit on the shell's first load; see shared-ui store).
type RegistryAction =
  | { type: 'registry/fetch/pending'; meta: { arg: string } }
  | { type: 'registry/fetch/fulfilled'; payload: RemoteInfo[]; meta: { arg: string } }
  | { type: 'registry/fetch/rejected'; error: string; meta: { arg: string } }
  | { type: 'registry/revalidated'; payload: RemoteInfo[]; meta: { arg: string } };

/** Fetches the registry for a session key (see registryKey); a thunk for the store's dispatch. */
export const fetchRegistry = (key: string) => async (dispatch: (a: RegistryAction) => unknown) => {
  dispatch({ type: 'registry/fetch/pending', meta: { arg: key } });
  try {
    const body = await apiFetch<ApiSchema<'RemoteRegistry'>>('/api/platform/remotes');
    dispatch({ type: 'registry/fetch/fulfilled', payload: body.remotes, meta: { arg: key } });
  } catch (e) {
    dispatch({ type: 'registry/fetch/rejected', error: errorMessage(e), meta: { arg: key } });
  }
};

/**
 * Asks again in the background, keeping the list meanwhile (a promotion or rollback
 * reaches an open page on its next navigation into another area). The answer is `private, no-cache`
 * with an ETag, so the browser's cache revalidates it: an unchanged registry is a 304 without a body.
 * A failure keeps the list the page has.
 */
export const revalidateRegistry = (key: string) => async (dispatch: (a: RegistryAction) => unknown) => {
  try {
    const body = await apiFetch<ApiSchema<'RemoteRegistry'>>('/api/platform/remotes');
    dispatch({ type: 'registry/revalidated', payload: body.remotes, meta: { arg: key } });
  } catch {
    // the page keeps working with the releases it knows
  }
};

function reducer(s: RegistryState = startState, a: { type: string }): RegistryState {
  const action = a as RegistryAction;
  switch (action.type) {
    case 'registry/fetch/pending':
      return { ...s, status: 'loading', key: action.meta.arg, error: null };
    case 'registry/fetch/fulfilled':
      return s.key !== action.meta.arg ? s : { ...s, status: 'ready', remotes: action.payload };
    case 'registry/fetch/rejected':
      return s.key !== action.meta.arg ? s : { ...s, status: 'error', remotes: [], error: action.error };
    case 'registry/revalidated':
      return s.key !== action.meta.arg || s.status !== 'ready' || sameReleases(s.remotes, action.payload)
        ? s
        : { ...s, remotes: action.payload };
    default:
      return s;
  }
}

const sameReleases = (a: RemoteInfo[], b: RemoteInfo[]) =>
  a.length === b.length && a.every((r, i) => r.name === b[i]?.name && r.entryUrl === b[i]?.entryUrl);

export const registrySlice = { name: 'registry' as const, reducerPath: 'registry' as const, reducer };

/**
 * Which registry a session needs. The list differs only for admins (the admin remote) and, while a
 * canary of a remote runs (an entry marked `split`), for every signed-in user (their side of it), so
 * everyone else uses the anonymous list, fetched at start in parallel with the first session refresh
 * instead of after it (one round trip less before a remote can load). Admins, and signed-in users
 * during a canary, fetch again with their token once the session is known (the access token's `adm`
 * claim says admin; the server decides what it lists).
 */
export function registryKey(
  session: { status: string; isAdmin: boolean; user: { id: string } | null },
  remotes: RemoteInfo[] = [],
): string {
  const own = session.isAdmin || remotes.some((r) => r.split);
  return session.status === 'signedIn' && own && session.user ? session.user.id : 'anon';
}

type WithRegistry = { registry?: RegistryState };
export const selectRegistry = (s: WithRegistry): RegistryState => s.registry ?? initialState;

export { matchesPrefix };
export function remoteForPath(remotes: RemoteInfo[], pathname: string): RemoteInfo | undefined {
  return routeOwner(remotes, pathname);
}
