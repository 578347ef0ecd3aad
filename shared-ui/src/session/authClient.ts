import { REFRESH_URL, takeEarlyRefresh } from './early';
import { HttpError } from './refresh';
import type { TokenResponse } from './sessionSlice';

/** Base path of the API on the same origin. */
export const API_BASE = '/api';

export async function readError(res: Response): Promise<HttpError> {
  let body: { error?: string; code?: string; details?: unknown } = {};
  try {
    body = (await res.json()) as typeof body;
  } catch {
    /* not JSON */
  }
  return new HttpError(res.status, body.error || res.statusText || `HTTP ${res.status}`, body.code, body.details);
}

async function postToken(query: string, body?: unknown): Promise<TokenResponse> {
  const res = await fetch(`${API_BASE}/auth/token?${query}`, {
    method: 'POST',
    credentials: 'same-origin',
    headers: body ? { 'content-type': 'application/json' } : undefined,
    body: body ? JSON.stringify(body) : undefined,
  });
  if (!res.ok) throw await readError(res);
  return (await res.json()) as TokenResponse;
}

export const authClient = {
  passwordGrant: (email: string, password: string) => postToken('grant_type=password', { email, password }),
  /** The page's first refresh was started by the shell's entry (session/early.ts): its answer is taken. */
  async refreshGrant(): Promise<TokenResponse> {
    const res = await (takeEarlyRefresh() ?? fetch(REFRESH_URL, { method: 'POST', credentials: 'same-origin' }));
    if (!res.ok) throw await readError(res);
    return (await res.json()) as TokenResponse;
  },
  async logout(accessToken: string | null, scope: 'global' | 'local' = 'global'): Promise<void> {
    const res = await fetch(`${API_BASE}/auth/logout?scope=${scope}`, {
      method: 'POST',
      credentials: 'same-origin',
      headers: accessToken ? { authorization: `Bearer ${accessToken}` } : undefined,
    });
    if (!res.ok && res.status !== 401) throw await readError(res);
  },
};
