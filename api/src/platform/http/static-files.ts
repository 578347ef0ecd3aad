import fs from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import zlib from 'node:zlib';
import type { Context } from 'hono';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8', '.js': 'text/javascript; charset=utf-8', '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8', '.json': 'application/json; charset=utf-8', '.map': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml', '.png': 'image/png', '.jpg': 'image/jpeg', '.jpeg': 'image/jpeg', '.webp': 'image/webp',
  '.ico': 'image/x-icon', '.woff2': 'font/woff2', '.woff': 'font/woff', '.txt': 'text/plain; charset=utf-8',
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

function compressedBody(file: string, stat: fs.Stats) {
  const key = `${stat.mtimeMs}:${stat.size}`;
  const hit = compressed.get(file);
  if (hit?.key === key) return hit;
  const raw = fs.readFileSync(file);
  const entry = {
    key,
    br: zlib.brotliCompressSync(raw, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 10, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: raw.length } }),
    gzip: zlib.gzipSync(raw, { level: 9 }),
  };
  compressed.set(file, entry);
  return entry;
}

export function sendFile(c: Context, file: string, cacheControl: string): Response {
  const stat = fs.statSync(file);
  const headers: Record<string, string> = {
    'Content-Type': TYPES[path.extname(file).toLowerCase()] ?? 'application/octet-stream',
    'Content-Length': String(stat.size),
    'Cache-Control': cacheControl,
    'Last-Modified': stat.mtime.toUTCString(),
  };
  if (COMPRESSIBLE.has(path.extname(file).toLowerCase()) && stat.size > 1024) {
    headers.Vary = 'Accept-Encoding';
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
