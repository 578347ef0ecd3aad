import fs from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { Context } from 'hono';
import { IMMUTABLE } from '../storage/objects.js';
import { etagMatches } from './conditional.js';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.woff': 'font/woff',
  '.txt': 'text/plain; charset=utf-8',
};

/** Resolves a URL path inside root; null for anything escaping it or not a regular file. */
export function resolveInside(root: string, urlPath: string): string | null {
  let decoded: string;
  try {
    decoded = decodeURIComponent(urlPath);
  } catch {
    return null;
  }
  if (decoded.includes('\0')) return null;
  const file = path.resolve(root, '.' + path.posix.normalize('/' + decoded));
  if (file !== root && !file.startsWith(root + path.sep)) return null;
  try {
    return fs.statSync(file).isFile() ? file : null;
  } catch {
    return null;
  }
}

// Text assets are sent compressed (brotli, else gzip) when the browser accepts it: the shell's
// first load is ~3x smaller on the wire. Built files never change under one name (content hashes,
// versioned remotes), so each is compressed once and kept in memory by path + mtime + size.
const COMPRESSIBLE = new Set(['.html', '.js', '.mjs', '.css', '.json', '.map', '.svg', '.txt']);
const compressed = new Map<string, { key: string; br: Buffer; gzip: Buffer }>();

const brotliOptions = (raw: Buffer) => ({
  params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 10, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: raw.length },
});
const cacheKey = (stat: fs.Stats) => `${stat.mtimeMs}:${stat.size}`;

function compressedBody(file: string, stat: fs.Stats) {
  const key = cacheKey(stat);
  const hit = compressed.get(file);
  if (hit?.key === key) return hit;
  const raw = fs.readFileSync(file);
  const entry = { key, br: zlib.brotliCompressSync(raw, brotliOptions(raw)), gzip: zlib.gzipSync(raw, { level: 9 }) };
  compressed.set(file, entry);
  return entry;
}

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/**
 * Compresses every text asset under the roots into the cache above, off the event loop (zlib's
 * thread pool), right after start: otherwise the first visitor of a fresh process pays brotli at
 * quality 10 inside each script request (30-80 ms for the large chunks, on the signed-in page's
 * critical path). Files published later are compressed on their first request as before.
 */
export async function precompressAssets(roots: string[]): Promise<number> {
  let count = 0;
  for (const root of roots) {
    let entries: string[];
    try {
      entries = fs.readdirSync(root, { recursive: true }) as string[];
    } catch {
      continue; // not built / nothing published yet
    }
    for (const rel of entries) {
      const file = path.join(root, rel);
      if (!COMPRESSIBLE.has(path.extname(file).toLowerCase())) continue;
      const stat = fs.statSync(file);
      if (!stat.isFile() || stat.size <= 1024 || compressed.get(file)?.key === cacheKey(stat)) continue;
      const raw = await fs.promises.readFile(file);
      compressed.set(file, {
        key: cacheKey(stat),
        br: await brotli(raw, brotliOptions(raw)),
        gzip: await gzip(raw, { level: 9 }),
      });
      count += 1;
    }
  }
  return count;
}

/**
 * The shell build names every chunk after its content (`[name].[contenthash:8].js`,
 * shared-ui/build/federation.mjs): under such a name the bytes never change, so the browser keeps
 * the file for a year and never asks again. Any other file (favicon.svg) is revalidated.
 */
const CONTENT_HASHED = /\.[0-9a-f]{8}\.[a-z0-9]+$/;
export const shellCacheControl = (file: string) => (CONTENT_HASHED.test(path.basename(file)) ? IMMUTABLE : 'no-cache');

/** A weak validator from the file's size and modification time (what Last-Modified says, finer). */
const etagOf = (stat: fs.Stats) => `W/"${stat.size.toString(16)}-${Math.floor(stat.mtimeMs).toString(16)}"`;

/** The browser's copy is this file (If-None-Match first, else If-Modified-Since, RFC 9110 13.2.2). */
function unchanged(c: Context, etag: string, stat: fs.Stats): boolean {
  const tags = c.req.header('if-none-match');
  if (tags !== undefined) return etagMatches(tags, etag);
  const since = Date.parse(c.req.header('if-modified-since') ?? '');
  return Number.isFinite(since) && Math.floor(stat.mtimeMs / 1000) * 1000 <= since;
}

export function sendFile(c: Context, file: string, cacheControl: string): Response {
  const stat = fs.statSync(file);
  const compressible = COMPRESSIBLE.has(path.extname(file).toLowerCase()) && stat.size > 1024;
  const etag = etagOf(stat);
  const validators: Record<string, string> = {
    'Cache-Control': cacheControl,
    'Last-Modified': stat.mtime.toUTCString(),
    ETag: etag,
    ...(compressible ? { Vary: 'Accept-Encoding' } : {}),
  };
  // a revalidation of an unchanged file: no body (the page's scripts were sent again on every load)
  if (unchanged(c, etag, stat)) return c.body(null, 304, validators);
  const headers: Record<string, string> = {
    ...validators,
    'Content-Type': TYPES[path.extname(file).toLowerCase()] ?? 'application/octet-stream',
    'Content-Length': String(stat.size),
  };
  if (compressible) {
    const accepts = c.req.header('accept-encoding') ?? '';
    const encoding = /\bbr\b/.test(accepts) ? 'br' : /\bgzip\b/.test(accepts) ? 'gzip' : null;
    if (encoding) {
      const body = compressedBody(file, stat)[encoding];
      headers['Content-Encoding'] = encoding;
      headers['Content-Length'] = String(body.length);
      if (c.req.method === 'HEAD') return c.body(null, 200, headers);
      return c.body(new Uint8Array(body), 200, headers);
    }
  }
  if (c.req.method === 'HEAD') return c.body(null, 200, headers);
  const stream = Readable.toWeb(fs.createReadStream(file)) as ReadableStream;
  return c.body(stream, 200, headers);
}
