import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MAX_REPORTS_PER_PAGE, reportLoadFailure, resetReportedLoadFailures } from './load-failure-beacon';

// A remote that fails to load is reported, rate-limited in the page.
describe('load-failure beacon', () => {
  const sent: { url: string; body: string }[] = [];
  beforeEach(() => {
    resetReportedLoadFailures();
    sent.length = 0;
    // the browser's beacon is the edge of the world here: record what would be sent
    vi.stubGlobal('navigator', {
      sendBeacon: (url: string, blob: Blob) => {
        void blob.text().then((body) => sent.push({ url, body }));
        return true;
      },
    });
  });
  afterEach(() => vi.unstubAllGlobals());

  it('reports a release once per page, with remote, version, lifecycle and the message cut to 300 characters', async () => {
    expect(
      reportLoadFailure({
        remote: 'mfe-wallet',
        version: '1.0.0-a',
        lifecycle: 'afterResolve',
        message: 'x'.repeat(500),
      }),
    ).toBe(true);
    expect(
      reportLoadFailure({ remote: 'mfe-wallet', version: '1.0.0-a', lifecycle: 'afterResolve', message: 'again' }),
    ).toBe(false);
    await new Promise((r) => setTimeout(r, 0));
    expect(sent).toHaveLength(1);
    expect(sent[0]!.url).toBe('/api/platform/load-failures');
    const body = JSON.parse(sent[0]!.body);
    expect(body).toMatchObject({ remote: 'mfe-wallet', version: '1.0.0-a', lifecycle: 'afterResolve' });
    expect(body.message).toHaveLength(300);
  });

  it(`sends at most ${MAX_REPORTS_PER_PAGE} reports per page load`, async () => {
    const results = Array.from({ length: 8 }, (_, i) =>
      reportLoadFailure({ remote: `mfe-r${i}`, version: '1', lifecycle: 'loadRemote', message: 'down' }),
    );
    expect(results.filter(Boolean)).toHaveLength(MAX_REPORTS_PER_PAGE);
    await new Promise((r) => setTimeout(r, 0));
    expect(sent).toHaveLength(MAX_REPORTS_PER_PAGE);
  });
});
