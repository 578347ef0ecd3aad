import { getAccessToken } from '@portal/shared-ui';

/**
 * Health of the remotes' releases in this browser (docs/decisions.md "Canary releases"): per
 * release a session (the area was shown), uncaught errors and error-boundary hits, and the web
 * vitals LCP, INP and CLS (the `web-vitals` library, loaded when the page is first idle), each
 * counted against the remote on screen when it happened. Sent to POST /api/platform/vitals only
 * when the page is idle (requestIdleCallback) or hidden (keepalive), never during the first render.
 * Sampled per page: every page while a canary of the remote runs (both sides are compared), one
 * page in ten otherwise. Nothing about the user, the URL or the error's text leaves the page.
 */
export const SAMPLE_RATE = 0.1;
/** A page sends at most this many reports (the API also limits reports per user). */
export const MAX_REPORTS_PER_PAGE = 20;
const URL_PATH = '/api/platform/vitals';

export interface ShownRelease {
  name: string;
  version: string;
  split: boolean;
}
type Vital = { name: 'LCP' | 'INP' | 'CLS'; value: number };

interface ReleaseState {
  remote: string;
  version: string;
  sampled: boolean;
  sessionSent: boolean;
  errorSent: boolean;
  errors: number;
  boundaryErrors: number;
  vitals: Vital[];
}

const releases = new Map<string, ReleaseState>();
let onScreen: ReleaseState | null = null;
let sent = 0;
let flushScheduled = false;
let started = false;
let random = Math.random;

function stateOf(release: ShownRelease): ReleaseState {
  const key = `${release.name}@${release.version}`;
  let state = releases.get(key);
  if (!state) {
    state = {
      remote: release.name,
      version: release.version,
      sampled: release.split || random() < SAMPLE_RATE,
      sessionSent: false,
      errorSent: false,
      errors: 0,
      boundaryErrors: 0,
      vitals: [],
    };
    releases.set(key, state);
  }
  return state;
}

const hasNews = (s: ReleaseState) => !s.sessionSent || s.errors > 0 || s.boundaryErrors > 0 || s.vitals.length > 0;

function reportOf(s: ReleaseState) {
  const hadError = s.errors + s.boundaryErrors > 0;
  const body = {
    remote: s.remote,
    version: s.version,
    session_start: !s.sessionSent,
    error_session: hadError && !s.errorSent,
    errors: Math.min(s.errors, 50),
    boundary_errors: Math.min(s.boundaryErrors, 50),
    vitals: s.vitals.slice(0, 6),
  };
  s.sessionSent = true;
  s.errorSent ||= hadError;
  s.errors = 0;
  s.boundaryErrors = 0;
  s.vitals = [];
  return body;
}

/** Sends what is pending (signed in only: the API counts a release only for a user it serves). */
export function flush(): void {
  flushScheduled = false;
  const token = getAccessToken();
  if (!token) return;
  for (const s of releases.values()) {
    if (!s.sampled || !hasNews(s) || sent >= MAX_REPORTS_PER_PAGE) continue;
    sent += 1;
    void fetch(URL_PATH, {
      method: 'POST',
      keepalive: true,
      credentials: 'same-origin',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify(reportOf(s)),
    }).catch(() => undefined);
  }
}

function scheduleFlush(): void {
  if (flushScheduled) return;
  flushScheduled = true;
  if (typeof requestIdleCallback === 'function') requestIdleCallback(flush);
  else setTimeout(flush, 5000);
}

function start(): void {
  if (started) return;
  started = true;
  addEventListener('error', () => noteError());
  addEventListener('unhandledrejection', () => noteError());
  addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'hidden') flush();
  });
  const observeVitals = () =>
    void import(/* webpackChunkName: "web-vitals" */ 'web-vitals')
      .then(({ onLCP, onINP, onCLS }) => {
        const note = (v: { name: string; value: number }) => {
          if (!onScreen || (v.name !== 'LCP' && v.name !== 'INP' && v.name !== 'CLS')) return;
          // milliseconds (LCP, INP) to the unit, CLS to a thousandth
          onScreen.vitals.push({
            name: v.name,
            value: v.name === 'CLS' ? Math.round(v.value * 1000) / 1000 : Math.round(v.value),
          });
          scheduleFlush();
        };
        onLCP(note);
        onINP(note);
        onCLS(note);
      })
      .catch(() => undefined);
  if (typeof requestIdleCallback === 'function') requestIdleCallback(observeVitals);
  else setTimeout(observeVitals, 5000);
}

/** A remote's area is on screen with this release (a session of it in this page). */
export function noteShown(release: ShownRelease): void {
  start();
  onScreen = stateOf(release);
  scheduleFlush();
}

/** An error boundary caught a render error of this release. */
export function noteBoundaryError(release: ShownRelease): void {
  start();
  const s = stateOf(release);
  onScreen = s;
  s.boundaryErrors += 1;
  scheduleFlush();
}

/** An uncaught error or rejection: counted against the release on screen (the shell's own pages: none). */
function noteError(): void {
  if (!onScreen) return;
  onScreen.errors += 1;
  scheduleFlush();
}

/** Tests only: a fresh page with a given sampling draw. */
export function resetHealthReporter(draw: () => number = Math.random): void {
  releases.clear();
  onScreen = null;
  sent = 0;
  flushScheduled = false;
  random = draw;
}
