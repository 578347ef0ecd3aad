/**
 * Security headers on every response (docs/decisions.md API decisions): CSP with default-src and
 * script-src 'self', frame-ancestors 'none', object-src 'none', nosniff, strict-origin-when-cross-origin
 * referrer policy, X-Frame-Options DENY. Every API operation is covered by the authorization
 * matrix (which checks each answer); this file covers what the matrix does not call: the static
 * shell, published remote files, the docs page, errors, HEAD and unknown methods.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.js';
import { securityHeaderProblems } from './call.js';

let home: string;
const previousHome = process.env.PORTAL_HOME;

beforeAll(() => {
  home = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-headers-'));
  const dir = path.join(home, 'remotes', 'mfe-probe', '1.0.0');
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(path.join(dir, 'remoteEntry.js'), 'window.probe = 1;');
  fs.writeFileSync(path.join(dir, 'mf-manifest.json'), '{}');
  fs.writeFileSync(
    path.join(dir, 'logo.svg'),
    '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>',
  );
  process.env.PORTAL_HOME = home;
});

afterAll(() => {
  if (previousHome === undefined) delete process.env.PORTAL_HOME;
  else process.env.PORTAL_HOME = previousHome;
  fs.rmSync(home, { recursive: true, force: true });
});

describe('security headers on every response, API and static (CSP, frame-ancestors, nosniff, referrer policy)', () => {
  const requests: [string, string][] = [
    ['GET', '/'],
    ['GET', '/dashboard'],
    ['GET', '/admin/users'],
    ['GET', '/index.html'],
    ['GET', '/favicon.ico'],
    ['GET', '/remotes/mfe-probe/1.0.0/remoteEntry.js'],
    ['GET', '/remotes/mfe-probe/1.0.0/mf-manifest.json'],
    ['GET', '/remotes/mfe-probe/1.0.0/logo.svg'],
    ['GET', '/remotes/mfe-probe/1.0.0/missing.js'],
    ['GET', '/remotes/..%2F..%2Fetc/passwd'],
    ['GET', '/%2e%2e/%2e%2e/etc/passwd'],
    ['HEAD', '/'],
    ['HEAD', '/remotes/mfe-probe/1.0.0/remoteEntry.js'],
    ['GET', '/api/docs'],
    ['GET', '/api/docs/app.js'],
    ['GET', '/api/openapi.json'],
    ['GET', '/api/health'],
    ['GET', '/api/does-not-exist'],
    ['DELETE', '/api/health'],
    ['OPTIONS', '/api/wallet/dashboard'],
    ['POST', '/'],
    ['PATCH', '/dashboard'],
    ['GET', '/api/wallet/dashboard'],
  ];

  it.each(requests)('%s %s carries every security header', async (method, url) => {
    const app = buildApp({ serveStatic: true });
    const res = await app.request(url, { method });
    expect(res.status, `${method} ${url}`).toBeLessThan(500);
    expect(securityHeaderProblems(res.headers), `${method} ${url}`).toEqual([]);
  });

  it('a remote file is served with its own type and nosniff, and nothing outside the remotes folder is reachable', async () => {
    const app = buildApp({ serveStatic: true });
    const js = await app.request('/remotes/mfe-probe/1.0.0/remoteEntry.js');
    expect(js.status).toBe(200);
    expect(js.headers.get('content-type')).toMatch(/^text\/javascript/);
    for (const url of [
      '/remotes/..%2F..%2Fetc/passwd',
      '/remotes/mfe-probe/1.0.0/..%2F..%2F..%2Fregistry.json',
      '/remotes/mfe-probe/1.0.0/%00.js',
    ]) {
      const res = await app.request(url);
      expect([400, 404], url).toContain(res.status);
      expect(await res.text()).not.toContain('root:');
    }
  });
});
