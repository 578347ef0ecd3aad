import { createSlice, type PayloadAction } from '@reduxjs/toolkit';

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
export interface TokenResponse {
  access_token: string;
  expires_at: number;
  expires_in?: number;
  token_type?: string;
  user: SessionUser;
}

const initialState: SessionState = { status: 'loading', accessToken: null, expiresAt: null, user: null, isAdmin: false };

function adminClaim(token: string): boolean {
  try {
    const payload = token.split('.')[1] ?? '';
    const json = atob(payload.replace(/-/g, '+').replace(/_/g, '/'));
    return (JSON.parse(json) as { adm?: unknown }).adm === true;
  } catch {
    return false;
  }
}

export const sessionSlice = createSlice({
  name: 'session',
  initialState,
  reducers: {
    sessionReceived(state, action: PayloadAction<TokenResponse>) {
      state.status = 'signedIn';
      state.accessToken = action.payload.access_token;
      state.expiresAt = action.payload.expires_at;
      state.user = action.payload.user;
      state.isAdmin = adminClaim(action.payload.access_token);
    },
    signedOut() {
      return { ...initialState, status: 'signedOut' as const };
    },
  },
  selectors: {
    selectSession: (s) => s,
    selectSessionStatus: (s) => s.status,
    selectAccessToken: (s) => s.accessToken,
    selectUser: (s) => s.user,
  },
});

export const { sessionReceived, signedOut } = sessionSlice.actions;
export const { selectSession, selectSessionStatus, selectAccessToken, selectUser } = sessionSlice.selectors;
