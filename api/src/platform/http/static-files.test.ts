import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { precompressAssets, sendFile } from './static-files.js';

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
