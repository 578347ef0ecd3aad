import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { RemoteEntry } from './remote-registry.js';
import { Hono } from 'hono';
import { securityHeaders } from './security-headers.js';
import { readShellBuild, renderShellHtml, sendShellHtml } from './shell-html.js';

// The server answers the HTML with what it already knows (the public registry, preloads of
// the route's remote code), so the signed-in page does not learn it one request after another.
const build = {
  html: '<html><head><title>Portal</title></head><body><div id="root"></div></body></html>',
  remoteArea: ['/assets/rtk.1.js'],
  early: null,
};
const wallet: RemoteEntry = {
  releaseId: 'w1',
  name: 'mfe-wallet',
  version: '1',
  manifestUrl: '/remotes/mfe-wallet/1/mf-manifest.json',
  entryUrl: '/remotes/mfe-wallet/1/remoteEntry.js',
  routes: ['/dashboard', '/send-money'],
  audience: 'user',
  split: false,
  preload: ['/remotes/mfe-wallet/1/remoteEntry.js', '/remotes/mfe-wallet/1/app.js'],
  prefetch: { '/dashboard': ['/api/wallet/dashboard'] },
};
const bootOf = (html: string) =>
  JSON.parse(html.match(/<script type="application\/json" id="portal-boot">(.*?)<\/script>/)![1]!) as {
    remotes: RemoteEntry[];
    user?: string;
  };
const preloads = (html: string) =>
  [...html.matchAll(/<link rel="preload" as="script" href="([^"]+)">/g)].map((m) => m[1]);

describe('the shell page as the server answers it', () => {
  it('carries the public registry for the shell (no registry request before a remote can load)', () => {
    const html = renderShellHtml(build, '/', undefined, [wallet]);
    const { releaseId: _, ...entry } = wallet;
    expect(bootOf(html).remotes, 'the entry without its release id').toEqual([entry]);
    expect(html.indexOf('portal-boot')).toBeLessThan(html.indexOf('</head>'));
  });

  it('says whether the session marker came with the request, so the page reads no cookie before its refresh', () => {
    const session = (cookie: string | undefined) =>
      (bootOf(renderShellHtml(build, '/dashboard', cookie, [wallet])) as { session?: unknown }).session;
    expect(session('portal_session=1')).toBe(true);
    expect(session('theme=dark; portal_session=1')).toBe(true);
    expect(session(undefined)).toBe(false);
    expect(session('portal_session=; other=1')).toBe(false);
  });

  it("on a remote's route with a session marker: preloads the remote's entry and the shell's remote-area chunks", () => {
    const html = renderShellHtml(build, '/dashboard', 'portal_session=1', [wallet]);
    expect(preloads(html)).toEqual(['/remotes/mfe-wallet/1/remoteEntry.js', '/assets/rtk.1.js']);
    expect(preloads(renderShellHtml(build, '/send-money/x', 'portal_session=1', [wallet]))).toHaveLength(2);
  });

  it("a visitor without a session (sent to /auth) and the shell's own pages preload no remote code", () => {
    expect(preloads(renderShellHtml(build, '/dashboard', undefined, [wallet]))).toEqual([]);
    expect(preloads(renderShellHtml(build, '/', 'portal_session=1', [wallet]))).toEqual([]);
    expect(preloads(renderShellHtml(build, '/dashboardx', 'portal_session=1', [wallet]))).toEqual([]);
  });

  it('no registry value can close the data block', () => {
    const html = renderShellHtml(build, '/', undefined, [{ ...wallet, version: '</script><script>alert(1)</script>' }]);
    expect(html).not.toContain('</script><script>alert(1)');
    expect(bootOf(html).remotes[0]!.version).toBe('</script><script>alert(1)</script>');
  });
});

describe('the admin remote in the page', () => {
  it("is named, and its entry preloaded, on an admin's page (the server's signed hint)", async () => {
    const { createTestApp, createUser } = await import('../../../test/helpers.js');
    const admin = await createUser({ password: 'Correct-horse-42', admin: true });
    const res = await createTestApp(['auth']).request('/api/auth/token?grant_type=password', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: admin.email, password: 'Correct-horse-42' }),
    });
    const hint = res.headers
      .getSetCookie()
      .find((c) => c.startsWith('portal_admin='))!
      .split(';')[0];
    const adminRemote: RemoteEntry = {
      ...wallet,
      name: 'mfe-admin',
      audience: 'admin',
      routes: ['/admin'],
      entryUrl: '/remotes/mfe-admin/1/remoteEntry.js',
    };
    const html = renderShellHtml(build, '/admin/dashboard', `portal_session=1; ${hint}`, [wallet, adminRemote]);
    expect(bootOf(html).remotes.map((r) => r.name)).toEqual(['mfe-wallet', 'mfe-admin']);
    expect(bootOf(html).user, "whose list it is: the page takes it as that admin's registry").toBe(admin.id);
    expect(preloads(html)).toEqual(['/remotes/mfe-admin/1/remoteEntry.js', '/assets/rtk.1.js']);
  });

  it('is never named, even on /admin with a session marker (the page cannot prove it is an admin)', () => {
    const adminRemote: RemoteEntry = {
      ...wallet,
      releaseId: 'a1',
      name: 'mfe-admin',
      routes: ['/admin'],
      audience: 'admin',
      entryUrl: '/remotes/mfe-admin/1/remoteEntry.js',
      preload: ['/remotes/mfe-admin/1/remoteEntry.js'],
    };
    const html = renderShellHtml(build, '/admin/dashboard', 'portal_session=1', [wallet, adminRemote]);
    expect(bootOf(html).remotes.map((r) => r.name)).toEqual(['mfe-wallet']);
    expect(bootOf(html).user, 'the public list, nobody in particular').toBeUndefined();
    expect(html).not.toContain('mfe-admin');
    expect(preloads(html), "the shell's own remote-area chunks only").toEqual(['/assets/rtk.1.js']);
    // nor with a hint the server did not sign
    expect(
      renderShellHtml(build, '/admin/dashboard', 'portal_session=1; portal_admin=u.9999999999.forged', [
        wallet,
        adminRemote,
      ]),
    ).not.toContain('mfe-admin');
  });
});

describe('the early script (shell/src/early.ts) in the page', () => {
  it('is inlined after the boot data it reads, and only its own hash is allowed to run inline', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-shell-'));
    try {
      const early = '(()=>{globalThis.__PORTAL_EARLY__={signedOut:true,prefetched:new Map}})();';
      fs.writeFileSync(path.join(dir, 'index.html'), build.html);
      fs.writeFileSync(path.join(dir, 'early.js'), `${early}\n`);
      const app = new Hono().use('*', securityHeaders).get('*', (c) => sendShellHtml(c, path.join(dir, 'index.html')));
      const res = await app.request('/dashboard', { headers: { cookie: 'portal_session=1' } });
      const html = await res.text();
      expect(html).toContain(`<script>${early}</script>`);
      expect(html.indexOf('portal-boot')).toBeLessThan(html.indexOf(`<script>${early}`));
      // first in <head>: its requests go out before those of the shell's script tags
      expect(html).toMatch(/^<html><head><script type="application\/json" id="portal-boot">.*?<\/script><script>/);
      const hash = crypto.createHash('sha256').update(early).digest('base64');
      const scriptSrc = res.headers
        .get('content-security-policy')!
        .split('; ')
        .find((d) => d.startsWith('script-src'));
      expect(scriptSrc).toBe(`script-src 'self' 'sha256-${hash}'`);
      // every other response keeps the policy without inline scripts
      const other = await new Hono()
        .use('*', securityHeaders)
        .get('/x', (c) => c.json({}))
        .request('/x');
      expect(other.headers.get('content-security-policy')).toContain("script-src 'self';");
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('a build whose early script could close the element is refused, not inlined', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-shell-'));
    try {
      fs.writeFileSync(path.join(dir, 'index.html'), build.html);
      fs.writeFileSync(path.join(dir, 'early.js'), 'a="</script><script>alert(1)"');
      expect(() => readShellBuild(path.join(dir, 'index.html'))).toThrow(/cannot be inlined/);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
