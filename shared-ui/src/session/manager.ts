import type { Store } from '@reduxjs/toolkit';
import { authClient } from './authClient';
import { knownSignedOut } from './early';
import { HttpError, singleFlight, startRefreshScheduler, withBackoff } from './refresh';
import { sessionReceived, signedOut, type SessionState } from './sessionSlice';

/**
 * The session lives in the shell's store (slice `session`). This module holds the one reference
 * to that store (shared-ui is a federation singleton, so shell and remotes share it) and performs
 * sign-in, refresh and sign-out.
 */
type SessionStore = Pick<Store<{ session: SessionState }>, 'getState' | 'dispatch' | 'subscribe'>;
let store: SessionStore | null = null;
let scheduler: { stop: () => void; check: () => void } | null = null;

function requireStore(): SessionStore {
  if (!store) throw new Error('shared-ui: session store not configured (createPortalStore first)');
  return store;
}

export function bindSessionStore(s: SessionStore) {
  store = s;
}

/**
 * Single-flight refresh with backoff on 502/503/504 and network errors. Resolves with the new
 * access token, or null when the refresh token is missing/invalid (the session becomes signedOut).
 */
export const refreshSession = singleFlight(async (): Promise<string | null> => {
  const s = requireStore();
  try {
    const tokens = await withBackoff(() => authClient.refreshGrant());
    s.dispatch(sessionReceived(tokens));
    return tokens.access_token;
  } catch (e) {
    if (e instanceof HttpError && (e.status === 401 || e.status === 400 || e.status === 403)) {
      s.dispatch(signedOut());
      return null;
    }
    // Still unreachable after retries: a first read gives up as signed out; an existing session is kept
    // (the next 30 s check tries again).
    if (s.getState().session.status === 'loading') s.dispatch(signedOut());
    throw e;
  }
});

/** Reads the first session (from the refresh cookie) and starts the 30 s refresh check. */
export function startSession(): Promise<void> {
  const s = requireStore();
  scheduler?.stop();
  scheduler = startRefreshScheduler({
    getExpiresAt: () => (s.getState().session.status === 'signedIn' ? s.getState().session.expiresAt : null),
    refresh: refreshSession,
  });
  if (typeof document !== 'undefined') {
    document.addEventListener('visibilitychange', () => {
      if (document.visibilityState === 'visible') scheduler?.check();
    });
  }
  // no session marker cookie: nothing to refresh (no 401, no console error on a visitor's page)
  if (knownSignedOut()) {
    s.dispatch(signedOut());
    return Promise.resolve();
  }
  return refreshSession().then(
    () => undefined,
    () => undefined,
  );
}

export async function signInWithPassword(email: string, password: string) {
  const tokens = await authClient.passwordGrant(email, password);
  requireStore().dispatch(sessionReceived(tokens));
  return tokens;
}

/** Global sign-out (docs/product.md "Sign-in and sessions"). The local session ends even if the server call fails. */
export async function signOut(): Promise<void> {
  const s = requireStore();
  try {
    await authClient.logout(s.getState().session.accessToken, 'global');
  } finally {
    s.dispatch(signedOut());
  }
}

/** The page's first session read has not answered yet. */
export const sessionIsLoading = () => store?.getState().session.status === 'loading';

export function getAccessToken(): string | null {
  return store?.getState().session.accessToken ?? null;
}

/** Calls `listener` with each new access token (null: signed out), e.g. to re-authenticate the live socket. */
export function onAccessToken(listener: (token: string | null) => void): () => void {
  const s = requireStore();
  let last = getAccessToken();
  return s.subscribe(() => {
    const now = getAccessToken();
    if (now !== last) listener((last = now));
  });
}
