import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { routeOwner } from '@portal/shared-ui/route-owner';
import type { Context } from 'hono';
import { previewedRelease } from './release-preview.js';
import { remotesFor } from './canary-split.js';
import { publicRemotes, releaseEntry, withPreview, type RemoteEntry } from './remote-registry.js';
import { pagePolicy } from './security-headers.js';
import { adminHintUser, mayHaveSession } from './session-marker.js';

/**
 * The shell's index.html, answered with what the server already knows, so the page does not learn
 * it one request after another:
 * - the registry's public entries (the remotes for every signed-in user) in a JSON data block
 *   (`<script type="application/json" id="portal-boot">`, not executed: fine under script-src 'self'),
 *   so the shell needs no registry request unless the caller is an admin, and whether the session
 *   marker came with the request, so the early script need not read document.cookie (a synchronous
 *   round trip to the browser's network process);
 * - when the URL belongs to one of those remotes and the session marker says a session may exist,
 *   `<link rel="preload">` for the remote's entry and for the shell's own chunks
 *   every remote area needs (Redux Toolkit, from shell/dist/preload.json written by the build), so
 *   they download while the shell starts and the session is refreshed. Admin remotes are never
 *   named here unless the request carries the server's signed admin hint (session-marker.ts): a
 *   non-admin must not learn or download them (on their routes only the shell's own chunks are
 *   preloaded);
 * - the shell's early script (shell/src/early.ts, built as dist/early.js) inline, allowed by its
 *   sha256 in this response's Content-Security-Policy: the session refresh, the header's profile and
 *   the route's data start while the HTML is parsed, not after the shell's code has downloaded
 *   and run (on a throttled phone, that was the JS download plus a 200 ms task later).
 */
export interface ShellBuild {
  html: string;
  /** shell chunks every remote area needs (build/preload-first-load.mjs) */
  remoteArea: string[];
  /** dist/early.js and its sha256 (base64) for the CSP; null when the build has none */
  early: { code: string; sha256: string } | null;
}

const cache = new Map<string, { key: string; build: ShellBuild }>();

function readJson<T>(file: string, fallback: T): T {
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8')) as T;
  } catch {
    return fallback;
  }
}

/** index.html and preload.json of the shell build, re-read when index.html changes (a new build). */
export function readShellBuild(indexFile: string): ShellBuild {
  const stat = fs.statSync(indexFile);
  const key = `${stat.mtimeMs}:${stat.size}`;
  const hit = cache.get(indexFile);
  if (hit?.key === key) return hit.build;
  const manifest = readJson<{ remoteArea?: string[] }>(path.join(path.dirname(indexFile), 'preload.json'), {});
  const build = {
    html: fs.readFileSync(indexFile, 'utf8'),
    remoteArea: manifest.remoteArea ?? [],
    early: readEarlyScript(path.join(path.dirname(indexFile), 'early.js')),
  };
  cache.set(indexFile, { key, build });
  return build;
}

function readEarlyScript(file: string): ShellBuild['early'] {
  let code: string;
  try {
    code = fs.readFileSync(file, 'utf8').trim();
  } catch {
    return null;
  }
  if (/<\/script|<!--/i.test(code)) throw new Error(`${file} cannot be inlined: it contains </script or <!--`);
  return { code, sha256: crypto.createHash('sha256').update(code).digest('base64') };
}

/** `<head>` and its `<meta charset>` if that comes first (it must stay in the first 1024 bytes) */
const HEAD_START = /<head>(\s*<meta charset="[^"]*"\s*\/?>)?/i;
const attr = (s: string) => s.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
/** JSON inside <script>: `<` escaped so no value can close the element. */
const scriptJson = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c');

/**
 * The releases this page may start with: the current ones, and on an admin's page (the server's
 * signed hint, session-marker.ts) the release the admin previews in place of its remote's current
 * one (release-preview.ts).
 */
export async function pageRegistry(cookieHeader: string | undefined): Promise<RemoteEntry[]> {
  // an admin's page knows its user (the hint): their side of a canary; other pages ask with their token
  const current = await remotesFor(adminHintUser(cookieHeader));
  const previewId = previewedRelease(cookieHeader, adminHintUser(cookieHeader));
  return previewId ? withPreview(current, await releaseEntry(previewId)) : current;
}

export function renderShellHtml(
  build: ShellBuild,
  pathname: string,
  cookieHeader: string | undefined,
  registry: RemoteEntry[],
): string {
  // an admin's page (the server's signed hint, session-marker.ts) names the admin remotes too, and
  // says whose list it is: the page uses it as that admin's registry instead of asking again
  const admin = adminHintUser(cookieHeader);
  const remotes = admin ? registry : publicRemotes(registry);
  const owner = routeOwner(registry, pathname);
  const session = mayHaveSession(cookieHeader);
  // A public remote's entry (its ./App chunks are fetched by the shell's entry: shared-ui
  // session/early.ts warmScripts says why they are no <link rel="preload">); on an admin remote's
  // route only the shell's own chunks, which name nothing of it.
  // (a remote running a canary: which entry this user needs is in their own registry)
  const preload =
    owner && session ? [...(remotes.includes(owner) && !owner.split ? [owner.entryUrl] : []), ...build.remoteArea] : [];
  // First in <head>, after <meta charset>: the early script's requests are made
  // before the parser meets the shell's script tags, so they do not queue behind them for one of the
  // six HTTP/1.1 connections. The boot data first: the script reads it.
  const early = [
    `<script type="application/json" id="portal-boot">${scriptJson({ remotes: remotes.map(({ releaseId: _, ...entry }) => entry), session, ...(admin ? { user: admin } : {}) })}</script>`,
    ...(build.early ? [`<script>${build.early.code}</script>`] : []),
  ].join('');
  const preloads = preload.map((href) => `<link rel="preload" as="script" href="${attr(href)}">`).join('');
  return build.html.replace(HEAD_START, (start) => `${start}${early}`).replace('</head>', `${preloads}</head>`);
}

/** Sends the rendered index.html: never cached under a validator (it depends on the cookie and the registry). */
export async function sendShellHtml(c: Context, indexFile: string): Promise<Response> {
  const build = readShellBuild(indexFile);
  const cookie = c.req.header('cookie');
  const html = Buffer.from(renderShellHtml(build, c.req.path, cookie, await pageRegistry(cookie)));
  const headers: Record<string, string> = {
    'Content-Type': 'text/html; charset=utf-8',
    'Cache-Control': 'no-cache, private',
    Vary: 'Cookie, Accept-Encoding',
  };
  if (build.early) headers['Content-Security-Policy'] = pagePolicy([build.early.sha256]);
  const accepts = c.req.header('accept-encoding') ?? '';
  let body: Buffer = html;
  if (/\bbr\b/.test(accepts)) {
    body = zlib.brotliCompressSync(html, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5 } });
    headers['Content-Encoding'] = 'br';
  } else if (/\bgzip\b/.test(accepts)) {
    body = zlib.gzipSync(html);
    headers['Content-Encoding'] = 'gzip';
  }
  headers['Content-Length'] = String(body.length);
  if (c.req.method === 'HEAD') return c.body(null, 200, headers);
  return c.body(new Uint8Array(body), 200, headers);
}
