// Hand-written (no createSlice): the session reducer is on every page's first load, and Redux
// Toolkit + immer (~15 KB gzip) are loaded only when a remote area needs RTK Query (see store/index.ts).
import type { ApiSchema } from '../api-types';
import { adminClaim } from './early';

export type SessionStatus = 'loading' | 'signedIn' | 'signedOut';
export interface SessionUser {
  id: string;
  email: string;
}
export interface SessionState {
  status: SessionStatus;
  accessToken: string | null;
  /** unix seconds */
  expiresAt: number | null;
  user: SessionUser | null;
  /** `adm` claim of the access token: a UI hint only, the server re-checks. */
  isAdmin: boolean;
}
/** The answer of POST /api/auth/token (and /verify): the API's TokenResponse schema. */
export type TokenResponse = ApiSchema<'TokenResponse'>;

const initialState: SessionState = {
  status: 'loading',
  accessToken: null,
  expiresAt: null,
  user: null,
  isAdmin: false,
};

/** An action creator with RTK's shape (`type`, `match`), so `signedOut.match(action)` keeps working. */
function actionCreator<P = void>(type: string) {
  const create = (payload: P) => ({ type, payload });
  return Object.assign(create, {
    type,
    match: (a: unknown): a is { type: string; payload: P } => !!a && (a as { type?: unknown }).type === type,
  });
}

export const sessionReceived = actionCreator<TokenResponse>('session/sessionReceived');
export const signedOut = Object.assign(() => ({ type: 'session/signedOut' as const }), {
  type: 'session/signedOut' as const,
  match: (a: unknown): a is { type: 'session/signedOut' } =>
    !!a && (a as { type?: unknown }).type === 'session/signedOut',
});

function reducer(state: SessionState = initialState, action: { type: string; payload?: unknown }): SessionState {
  if (sessionReceived.match(action)) {
    const t = action.payload;
    return {
      status: 'signedIn',
      accessToken: t.access_token,
      expiresAt: t.expires_at,
      user: t.user,
      isAdmin: adminClaim(t.access_token),
    };
  }
  if (signedOut.match(action)) return { ...initialState, status: 'signedOut' };
  return state;
}

/** `{ name, reducerPath, reducer, actions }` like an RTK slice, for the store and older callers. */
export const sessionSlice = {
  name: 'session' as const,
  reducerPath: 'session' as const,
  reducer,
  actions: { sessionReceived, signedOut },
};

type WithSession = { session: SessionState };
export const selectSession = (s: WithSession) => s.session;
export const selectSessionStatus = (s: WithSession) => s.session.status;
export const selectAccessToken = (s: WithSession) => s.session.accessToken;
export const selectUser = (s: WithSession) => s.session.user;
