import { describe, expect, it } from 'vitest';
import { buildApp, createTestApp, selectedModules } from './app.js';

describe('the API app', () => {
  const app = createTestApp();

  it('/api/health answers ok when the database is reachable', async () => {
    const res = await app.request('/api/health');
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: 'ok', database: 'ok' });
  });

  it('every response carries the security headers (CSP with frame-ancestors none, nosniff, referrer policy)', async () => {
    for (const p of ['/api/health', '/api/nope']) {
      const res = await app.request(p);
      expect(res.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
      expect(res.headers.get('content-security-policy')).toContain("script-src 'self'");
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      expect(res.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    }
  });

  it('serves the OpenAPI document with every module route, and an offline reference page', async () => {
    const doc = (await (await app.request('/api/openapi.json')).json()) as { paths: Record<string, unknown> };
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([
        '/api/health',
        '/api/auth/token',
        '/api/auth/logout',
        '/api/platform/remotes',
        '/api/wallet/dashboard',
        '/api/admin/users',
        '/api/admin/me',
      ]),
    );
    const page = await (await app.request('/api/docs')).text();
    expect(page).toContain('/api/docs/app.js');
    expect(page).not.toMatch(/https?:\/\/(?!localhost)/); // no CDN
    expect((await app.request('/api/docs/app.js')).status).toBe(200);
  });

  it('an unknown API route gets the 404 error envelope', async () => {
    const res = await app.request('/api/nope');
    expect(res.status).toBe(404);
    expect(await res.json()).toMatchObject({ code: 'NOT_FOUND', error: expect.any(String) });
  });

  it('MODULES selects the mounted modules; an unknown module name is refused at start', async () => {
    expect(selectedModules('wallet, admin')).toEqual(['platform', 'wallet', 'admin']);
    expect(() => selectedModules('wallet,nope')).toThrow(/nope/);
    const walletOnly = buildApp({ modules: ['wallet'] });
    expect((await walletOnly.request('/api/admin/me')).status).toBe(404);
    expect((await walletOnly.request('/api/wallet/dashboard')).status).toBe(401);
  });
});
