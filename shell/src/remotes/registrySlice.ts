import { createAsyncThunk, createSlice } from '@reduxjs/toolkit';
import { apiFetch, errorMessage } from '@portal/shared-ui';

/** One entry of GET /api/platform/remotes (docs/decisions.md). */
export interface RemoteInfo {
  name: string;
  version: string;
  manifestUrl: string;
  entryUrl: string;
  routes: string[];
  audience: 'user' | 'admin';
}
export interface RegistryState {
  status: 'idle' | 'loading' | 'ready' | 'error';
  /** The session the list was fetched for ('anon' or a user id): the list depends on who asks. */
  key: string | null;
  remotes: RemoteInfo[];
  error: string | null;
}
const initialState: RegistryState = { status: 'idle', key: null, remotes: [], error: null };

export const fetchRegistry = createAsyncThunk('registry/fetch', async (_key: string, { signal }) => {
  const body = await apiFetch<{ remotes: RemoteInfo[] }>('/api/platform/remotes', signal);
  return body.remotes;
});

export const registrySlice = createSlice({
  name: 'registry',
  initialState,
  reducers: {},
  extraReducers: (b) => {
    b.addCase(fetchRegistry.pending, (s, a) => {
      s.status = 'loading';
      s.key = a.meta.arg;
      s.error = null;
    });
    b.addCase(fetchRegistry.fulfilled, (s, a) => {
      if (s.key !== a.meta.arg) return;
      s.status = 'ready';
      s.remotes = a.payload;
    });
    b.addCase(fetchRegistry.rejected, (s, a) => {
      if (s.key !== a.meta.arg) return;
      s.status = 'error';
      s.remotes = [];
      s.error = errorMessage(a.error);
    });
  },
});

/**
 * Which registry a session needs. The list differs only for admins (the admin remote), so everyone
 * else uses the anonymous list, fetched at start in parallel with the first session refresh
 * instead of after it (one round trip less before a remote can load). Admins fetch again with
 * their token once the session is known (their access token's `adm` claim says so; the server
 * decides what it lists).
 */
export function registryKey(session: { status: string; isAdmin: boolean; user: { id: string } | null }): string {
  return session.status === 'signedIn' && session.isAdmin && session.user ? session.user.id : 'anon';
}

type WithRegistry = { registry?: RegistryState };
export const selectRegistry = (s: WithRegistry): RegistryState => s.registry ?? initialState;

export const matchesPrefix = (pathname: string, prefix: string) => pathname === prefix || pathname.startsWith(prefix.endsWith('/') ? prefix : `${prefix}/`);
export function remoteForPath(remotes: RemoteInfo[], pathname: string): RemoteInfo | undefined {
  return remotes.find((r) => r.routes.some((p) => matchesPrefix(pathname, p)));
}
