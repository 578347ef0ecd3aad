import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { IMMUTABLE } from '../storage/objects.js';
import { precompressAssets, sendFile, shellCacheControl } from './static-files.js';

// The first visitor of a fresh process must not wait for brotli inside each script request.
describe('precompressed assets', () => {
  it('compresses every text asset over 1 KB once, ahead of the first request, and serves that body', async () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-assets-'));
    try {
      const js = `export const text = ${JSON.stringify('portal '.repeat(400))};\n`;
      fs.mkdirSync(path.join(root, 'assets'));
      fs.writeFileSync(path.join(root, 'assets', 'big.js'), js);
      fs.writeFileSync(path.join(root, 'assets', 'small.js'), 'export {};\n');
      fs.writeFileSync(path.join(root, 'assets', 'logo.png'), Buffer.alloc(4096));
      expect(await precompressAssets([root, path.join(root, 'missing')])).toBe(1);
      expect(await precompressAssets([root]), 'already in the cache').toBe(0);
      const app = new Hono().get('*', (c) => sendFile(c, path.join(root, c.req.path), 'no-cache'));
      const res = await app.request('/assets/big.js', { headers: { 'accept-encoding': 'br, gzip' } });
      expect(res.headers.get('content-encoding')).toBe('br');
      expect(zlib.brotliDecompressSync(Buffer.from(await res.arrayBuffer())).toString()).toBe(js);
    } finally {
      fs.rmSync(root, { recursive: true, force: true });
    }
  });
});

// A signed-in user loads the shell on every visit: its scripts must not cross the network again.
describe('caching of served files', () => {
  const withFile = async (run: (app: Hono, file: string) => Promise<void>) => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-cache-'));
    try {
      const file = path.join(root, 'vendor.0ab3dd44.js');
      fs.writeFileSync(file, `export const text = ${JSON.stringify('portal '.repeat(400))};\n`);
      await run(
        new Hono().get('*', (c) => sendFile(c, path.join(root, c.req.path), 'no-cache')),
        file,
      );
    } finally {
      fs.rmSync(root, { recursive: true, force: true });
    }
  };

  it("keeps the shell's content-hashed chunks for a year and revalidates every other file", () => {
    expect(shellCacheControl('/dist/assets/vendor.0ab3dd44.js')).toBe(IMMUTABLE);
    expect(shellCacheControl('/dist/assets/federation.5a76d46a.js')).toBe(IMMUTABLE);
    expect(shellCacheControl('/dist/favicon.svg')).toBe('no-cache');
    expect(shellCacheControl('/dist/preload.json')).toBe('no-cache');
  });

  it('answers a revalidation of an unchanged file with 304 and no body, by ETag or by date', async () => {
    await withFile(async (app) => {
      const first = await app.request('/vendor.0ab3dd44.js', { headers: { 'accept-encoding': 'br' } });
      const etag = first.headers.get('etag')!;
      const modified = first.headers.get('last-modified')!;
      expect(first.status).toBe(200);
      expect(etag).toMatch(/^W\/".+"$/);
      for (const headers of <Record<string, string>[]>[
        { 'if-none-match': etag },
        { 'if-none-match': `"other", ${etag}` },
        { 'if-modified-since': modified },
      ]) {
        const again = await app.request('/vendor.0ab3dd44.js', { headers: { 'accept-encoding': 'br', ...headers } });
        expect(again.status, JSON.stringify(headers)).toBe(304);
        expect((await again.arrayBuffer()).byteLength).toBe(0);
        expect(again.headers.get('etag')).toBe(etag);
        expect(again.headers.get('cache-control')).toBe('no-cache');
      }
    });
  });

  it('sends the file again when it changed since the copy the browser has', async () => {
    await withFile(async (app, file) => {
      const first = await app.request('/vendor.0ab3dd44.js');
      const etag = first.headers.get('etag')!;
      const modified = first.headers.get('last-modified')!;
      fs.writeFileSync(file, 'export const changed = true;\n');
      fs.utimesSync(file, new Date(), new Date(Date.now() + 5000));
      for (const headers of <Record<string, string>[]>[{ 'if-none-match': etag }, { 'if-modified-since': modified }]) {
        const again = await app.request('/vendor.0ab3dd44.js', { headers });
        expect(again.status, JSON.stringify(headers)).toBe(200);
        expect(await again.text()).toBe('export const changed = true;\n');
      }
      // a stale ETag wins over a date that would match: If-None-Match is asked first
      const both = await app.request('/vendor.0ab3dd44.js', {
        headers: { 'if-none-match': etag, 'if-modified-since': new Date(Date.now() + 60_000).toUTCString() },
      });
      expect(both.status).toBe(200);
    });
  });
});
