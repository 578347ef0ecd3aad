/**
 * Session refresh timing (docs/product.md "Sign-in and sessions"): check every 30 s; refresh when fewer than 3 checks (90 s)
 * remain before the access token expires; retry a failed refresh with exponential backoff starting
 * at 200 ms, only for retryable failures (network errors, 502, 503, 504).
 * Pure functions and a scheduler with injectable clock so it is unit-tested without real timers.
 */
export const REFRESH_CHECK_INTERVAL_MS = 30_000;
export const REFRESH_MARGIN_MS = 3 * REFRESH_CHECK_INTERVAL_MS;
export const BACKOFF_START_MS = 200;
export const BACKOFF_MAX_MS = 10_000;
export const REFRESH_MAX_ATTEMPTS = 6;

/** expiresAt in unix seconds (as the API returns it). */
export function needsRefresh(expiresAt: number | null | undefined, nowMs: number): boolean {
  if (expiresAt == null) return false;
  return expiresAt * 1000 - nowMs < REFRESH_MARGIN_MS;
}

/** attempt 0 -> 200 ms, 1 -> 400 ms, 2 -> 800 ms ... capped at 10 s. */
export function backoffDelay(attempt: number): number {
  return Math.min(BACKOFF_START_MS * 2 ** attempt, BACKOFF_MAX_MS);
}

export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly code?: string,
    readonly details?: unknown,
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

export function isRetryable(error: unknown): boolean {
  if (error instanceof HttpError) return error.status === 502 || error.status === 503 || error.status === 504;
  // fetch() rejects with a TypeError on network failure
  return error instanceof TypeError;
}

export interface RetryOptions {
  maxAttempts?: number;
  sleep?: (ms: number) => Promise<void>;
}
const realSleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

export async function withBackoff<T>(fn: () => Promise<T>, opts: RetryOptions = {}): Promise<T> {
  const max = opts.maxAttempts ?? REFRESH_MAX_ATTEMPTS;
  const sleep = opts.sleep ?? realSleep;
  for (let attempt = 0; ; attempt++) {
    try {
      return await fn();
    } catch (e) {
      if (!isRetryable(e) || attempt + 1 >= max) throw e;
      await sleep(backoffDelay(attempt));
    }
  }
}

/** Single-flight: concurrent callers share the one pending promise. */
export function singleFlight<T>(fn: () => Promise<T>): () => Promise<T> {
  let pending: Promise<T> | null = null;
  return () => {
    pending ??= fn().finally(() => {
      pending = null;
    });
    return pending;
  };
}

export interface SchedulerDeps {
  getExpiresAt: () => number | null;
  refresh: () => Promise<unknown>;
  now?: () => number;
  setInterval?: (fn: () => void, ms: number) => unknown;
  clearInterval?: (id: unknown) => void;
}

/** Starts the 30 s check; returns a stop function. `check()` is also exposed for focus/visibility. */
export function startRefreshScheduler(deps: SchedulerDeps) {
  const now = deps.now ?? Date.now;
  const setI = deps.setInterval ?? ((fn, ms) => globalThis.setInterval(fn, ms));
  const clearI = deps.clearInterval ?? ((id) => globalThis.clearInterval(id as ReturnType<typeof setInterval>));
  const check = () => {
    if (needsRefresh(deps.getExpiresAt(), now())) void deps.refresh().catch(() => undefined);
  };
  const id = setI(check, REFRESH_CHECK_INTERVAL_MS);
  check();
  return { stop: () => clearI(id), check };
}
