import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

vi.mock('@portal/shared-ui', () => ({ getAccessToken: () => 'token-1' }));
vi.mock('web-vitals', () => ({
  onLCP: (cb: (m: { name: string; value: number }) => void) => cb({ name: 'LCP', value: 1234.4 }),
  onINP: () => undefined,
  onCLS: (cb: (m: { name: string; value: number }) => void) => cb({ name: 'CLS', value: 0.04321 }),
}));
const { flush, MAX_REPORTS_PER_PAGE, noteBoundaryError, noteShown, resetHealthReporter } =
  await import('./health-reporter');

// The shell's health reporter (docs/decisions.md "Canary releases"): nothing leaves the page
// before it is idle; sampled; no personal data.
describe('health reporter', () => {
  const idle: (() => void)[] = [];
  const sent: { url: string; init: RequestInit }[] = [];
  const runIdle = async () => {
    while (idle.length) idle.shift()!();
    await new Promise((r) => setTimeout(r, 0));
  };
  beforeEach(() => {
    idle.length = 0;
    sent.length = 0;
    vi.stubGlobal('requestIdleCallback', (cb: () => void) => idle.push(cb));
    vi.stubGlobal('addEventListener', () => undefined);
    vi.stubGlobal('document', { visibilityState: 'visible' });
    vi.stubGlobal('fetch', (url: string, init: RequestInit) => {
      sent.push({ url, init });
      return Promise.resolve(new Response(null, { status: 204 }));
    });
  });
  afterEach(() => vi.unstubAllGlobals());
  const bodies = () => sent.map((s) => JSON.parse(String(s.init.body)) as Record<string, unknown>);

  it('sends nothing until the page is idle, then one report per release with counts and vitals only', async () => {
    resetHealthReporter(() => 0.99);
    noteShown({ name: 'mfe-wallet', version: '2.0.0', split: true });
    noteBoundaryError({ name: 'mfe-wallet', version: '2.0.0', split: true });
    expect(sent).toEqual([]);
    await runIdle();
    await runIdle(); // web-vitals loads on the first idle, its measurements are sent on the next
    expect(sent[0]).toMatchObject({ url: '/api/platform/vitals', init: { method: 'POST', keepalive: true } });
    expect((sent[0]!.init.headers as Record<string, string>).authorization).toBe('Bearer token-1');
    expect(bodies()[0]).toEqual({
      remote: 'mfe-wallet',
      version: '2.0.0',
      session_start: true,
      error_session: true,
      errors: 0,
      boundary_errors: 1,
      vitals: [],
    });
    expect(bodies()[1]).toEqual({
      remote: 'mfe-wallet',
      version: '2.0.0',
      session_start: false,
      error_session: false,
      errors: 0,
      boundary_errors: 0,
      vitals: [
        { name: 'LCP', value: 1234 },
        { name: 'CLS', value: 0.043 },
      ],
    });
  });

  it('samples one page in ten for a remote without a canary, every page while one runs', async () => {
    resetHealthReporter(() => 0.5);
    noteShown({ name: 'mfe-social', version: '1.0.0', split: false });
    await runIdle();
    flush();
    expect(bodies().filter((b) => b.remote === 'mfe-social')).toEqual([]);
    resetHealthReporter(() => 0.05);
    noteShown({ name: 'mfe-social', version: '1.0.0', split: false });
    await runIdle();
    expect(bodies().filter((b) => b.remote === 'mfe-social')).toHaveLength(1);
  });

  it(`sends at most ${MAX_REPORTS_PER_PAGE} reports a page`, async () => {
    resetHealthReporter(() => 0);
    for (let i = 0; i < MAX_REPORTS_PER_PAGE + 5; i++) {
      noteBoundaryError({ name: 'mfe-market', version: '1.0.0', split: false });
      flush();
    }
    await runIdle();
    expect(sent).toHaveLength(MAX_REPORTS_PER_PAGE);
  });
});
