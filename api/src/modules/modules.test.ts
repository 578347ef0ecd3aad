import { afterAll, describe, expect, it } from 'vitest';
import { buildApp, selectedModules } from '../app.js';
import { pagePolicy } from '../platform/http/security-headers.js';
import { stopPlaid } from '../platform/plaid/index.js';
import { MODULES, moduleServices } from './index.js';

// "API modules alone": a process started with MODULES=<area> serves that module (and the
// platform module every page needs), none of the others, and starts only that module's jobs, socket
// handlers and services.
const NO_ROUTE = 'No such API route';
type Doc = { paths: Record<string, Record<string, unknown>> };
const doc = (await (await buildApp({ modules: Object.keys(MODULES) }).request('/api/openapi.json')).json()) as Doc;
/** One operation of the module, with a made-up id in its path parameters. */
function operationOf(name: string): { method: string; path: string } {
  const path = Object.keys(doc.paths).find((p) => p.startsWith(`/api/${name}/`) || p === `/api/${name}`)!;
  const method = Object.keys(doc.paths[path]!)[0]!;
  return { method: method.toUpperCase(), path: path.replace(/\{[^}]+\}/g, '00000000-0000-4000-8000-000000000000') };
}
const answer = async (app: ReturnType<typeof buildApp>, op: { method: string; path: string }) => {
  const res = await app.request(op.path, {
    method: op.method,
    headers: { 'content-type': 'application/json' },
    body: op.method === 'GET' ? undefined : '{}',
  });
  return { status: res.status, body: (await res.json().catch(() => ({}))) as { error?: string } };
};

describe('MODULES=<area>: a team runs only its module', () => {
  for (const name of Object.keys(MODULES)) {
    it(`${name} alone: its routes answer, another module's do not, the registry and health do`, async () => {
      const app = buildApp({ modules: selectedModules(name) });
      const own = await answer(app, operationOf(name));
      expect(own.body.error, `${own.status} on its own route`).not.toBe(NO_ROUTE);
      const otherName = name === 'wallet' ? 'support' : 'wallet';
      expect(await answer(app, operationOf(otherName))).toMatchObject({ status: 404, body: { error: NO_ROUTE } });
      expect((await app.request('/api/platform/remotes')).status).toBe(200);
      expect((await app.request('/api/health')).status).toBe(200);
    });
  }

  it('the platform module is always mounted; the order of MODULES is kept', () => {
    expect(selectedModules('wallet, admin')).toEqual(['platform', 'wallet', 'admin']);
    expect(selectedModules('platform')).toEqual(['platform']);
  });

  it("starts only the selected modules' jobs and socket handlers, and Plaid only for banking", () => {
    const names = (jobs: { name: string }[]) => jobs.map((j) => j.name).sort();
    expect(names(moduleServices(['platform', 'wallet']).jobs)).toEqual(['remote-release-retention']);
    expect(names(moduleServices(['marketplace', 'invoices']).jobs)).toEqual([
      'invoices-overdue',
      'marketplace-auto-release',
    ]);
    expect(moduleServices(['messages']).socketHandlers.length).toBeGreaterThan(0);
    expect(moduleServices(['wallet', 'social']).socketHandlers).toEqual([]);
    expect(moduleServices(['banking']).plaid).toBe(true);
    expect(moduleServices(['wallet', 'marketplace']).plaid).toBe(false);
    const all = moduleServices(Object.keys(MODULES));
    expect(names(all.jobs)).toEqual(names(Object.values(MODULES).flatMap((m) => m.jobs ?? [])));
  });
});

describe('a process that serves the page without banking (MODULES)', () => {
  const keys = ['PLAID_CLIENT_ID', 'PLAID_SECRET', 'PLAID_SANDBOX_URL'] as const;
  const saved = Object.fromEntries(keys.map((k) => [k, process.env[k]]));
  afterAll(() => {
    for (const k of keys)
      if (saved[k] === undefined) delete process.env[k];
      else process.env[k] = saved[k];
  });

  it('allows Plaid Link from the configured origin although it never connected to Plaid', async () => {
    await stopPlaid();
    for (const k of keys) delete process.env[k];
    expect(pagePolicy([])).not.toContain('frame-src');
    // a sandbox URL that is no http(s) URL allows nothing (new URL('javascript:...').origin is 'null')
    process.env.PLAID_SANDBOX_URL = 'javascript:alert(1)';
    expect(pagePolicy([])).not.toContain('frame-src');
    process.env.PLAID_SANDBOX_URL = 'http://127.0.0.1:45678/';
    expect(pagePolicy([])).toMatch(/script-src 'self' http:\/\/127\.0\.0\.1:45678(;|$)/m);
    expect(pagePolicy([])).toContain('frame-src http://127.0.0.1:45678');
    process.env.PLAID_CLIENT_ID = 'id';
    process.env.PLAID_SECRET = 'secret';
    expect(pagePolicy([])).toContain('frame-src https://cdn.plaid.com');
  });
});
