/**
 * Tells the API that a remote failed to load in this browser: the Releases page counts
 * failures per release, so a bad release is visible within minutes. Sent once the retry plugin has
 * given up (the loader's failure), with sendBeacon (it survives the page going away; falls back to a
 * keepalive fetch). At most one report per release and five per page load: a broken release on a page
 * that keeps retrying must not flood the API (which also limits reports per address).
 */
export const MAX_REPORTS_PER_PAGE = 5;
const reported = new Set<string>();

export interface LoadFailure {
  remote: string;
  version: string;
  lifecycle: string;
  message: string;
}

export function reportLoadFailure(failure: LoadFailure): boolean {
  const key = `${failure.remote}@${failure.version}`;
  if (reported.has(key) || reported.size >= MAX_REPORTS_PER_PAGE) return false;
  reported.add(key);
  const body = JSON.stringify({ ...failure, message: failure.message.slice(0, 300) });
  const url = '/api/platform/load-failures';
  try {
    if (navigator.sendBeacon?.(url, new Blob([body], { type: 'application/json' }))) return true;
  } catch {
    // fall through to fetch
  }
  void fetch(url, {
    method: 'POST',
    body,
    headers: { 'content-type': 'application/json' },
    keepalive: true,
    credentials: 'omit',
  }).catch(() => undefined);
  return true;
}

/** Tests only: forget what this page reported. */
export const resetReportedLoadFailures = () => reported.clear();
