import type { BaseQueryFn } from '@reduxjs/toolkit/query';
import { API_BASE, readError } from '../session/authClient';
import { takePrefetched } from '../session/early';
import { getAccessToken, refreshSession, sessionIsLoading } from '../session/manager';
import { HttpError } from '../session/refresh';

export interface RequestArgs {
  url: string;
  method?: string;
  body?: unknown;
  params?: Record<string, string | number | boolean | undefined | null>;
  headers?: Record<string, string>;
}
/** Error shape given to components: HTTP status plus the API's error envelope. */
export interface ApiError {
  status: number | 'FETCH_ERROR';
  error: string;
  code?: string;
  details?: unknown;
}

function buildUrl(url: string, params?: RequestArgs['params']): string {
  const full = url.startsWith('/') || /^https?:/.test(url) ? url : `${API_BASE}/${url}`;
  if (!params) return full;
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) if (v != null && v !== '') q.set(k, String(v));
  const s = q.toString();
  return s ? `${full}${full.includes('?') ? '&' : '?'}${s}` : full;
}

async function send(args: RequestArgs, token: string | null, signal?: AbortSignal): Promise<Response> {
  const url = buildUrl(args.url, args.params);
  // the shell's entry may already have asked this (session/early.ts): same GET, same token
  const early = (args.method ?? 'GET') === 'GET' && !args.headers ? await takePrefetched(url, token) : undefined;
  if (early) return early;
  const headers: Record<string, string> = { accept: 'application/json', ...args.headers };
  if (token) headers.authorization = `Bearer ${token}`;
  let body: BodyInit | undefined;
  if (args.body instanceof FormData) {
    body = args.body; // multipart: fetch sets the content type with its boundary
  } else if (args.body !== undefined) {
    headers['content-type'] ??= 'application/json';
    body = JSON.stringify(args.body);
  }
  return fetch(url, { method: args.method ?? 'GET', headers, body, signal, credentials: 'same-origin' });
}

/**
 * fetch with the bearer token; on 401 refreshes the session once (single-flight, shared with the
 * 30 s scheduler) and retries. Throws HttpError (status + envelope) on failure. The response itself,
 * for what is not JSON: a private file or a download (an <img> or a link cannot send the token).
 */
export async function apiResponse(input: string | RequestArgs, signal?: AbortSignal): Promise<Response> {
  const args = typeof input === 'string' ? { url: input } : input;
  // asked while the first session read is under way (a remote's query as its module loads): wait for
  // it instead of going out without a token, getting 401 and refreshing a second time
  const token = getAccessToken() ?? (sessionIsLoading() ? await refreshSession().catch(() => null) : null);
  let res = await send(args, token, signal);
  if (res.status === 401) {
    const token = await refreshSession().catch(() => null);
    if (token) res = await send(args, token, signal);
  }
  if (!res.ok) throw await readError(res);
  return res;
}

/** apiResponse, read as JSON (undefined for 204). */
export async function apiFetch<T>(input: string | RequestArgs, signal?: AbortSignal): Promise<T> {
  const res = await apiResponse(input, signal);
  if (res.status === 204) return undefined as T;
  return (await res.json()) as T;
}

/** RTK Query base query. Args: a path relative to /api ('wallet/dashboard') or RequestArgs. */
export const baseQuery: BaseQueryFn<string | RequestArgs, unknown, ApiError> = async (args, api) => {
  try {
    return { data: await apiFetch<unknown>(args, api.signal) };
  } catch (e) {
    if (e instanceof HttpError)
      return { error: { status: e.status, error: e.message, code: e.code, details: e.details } };
    return { error: { status: 'FETCH_ERROR', error: e instanceof Error ? e.message : String(e) } };
  }
};

/** Re-exported for the package index, which names this module for it. */
export { errorMessage } from './error-message';
