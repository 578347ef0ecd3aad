import fs from 'node:fs';
import path from 'node:path';
import { z } from '@hono/zod-openapi';
import { portalHome } from '../config.js';
import { logger } from '../logger.js';

/**
 * Shape of $PORTAL_HOME/remotes/registry.json, written by scripts/publish-remote.mjs. `preloadPaths`
 * (the remoteEntry and the first chunks of the remote's ./App) and `prefetch` (route prefix -> API GET
 * paths its first screen reads, from package.json "portal.prefetch") were added later: a registry
 * published before them still reads, with none.
 */
const RegistryFile = z.object({
  remotes: z.record(z.string(), z.object({
    version: z.string(),
    manifestPath: z.string(),
    entryPath: z.string(),
    routes: z.array(z.string()),
    audience: z.enum(['user', 'admin']),
    preloadPaths: z.array(z.string()).default([]),
    prefetch: z.record(z.string(), z.array(z.string())).default({}),
  })),
});

export interface RemoteEntry {
  name: string;
  version: string;
  manifestUrl: string;
  entryUrl: string;
  routes: string[];
  audience: 'user' | 'admin';
  /** JS the remote's ./App needs at once (remoteEntry first): fetched in parallel, not one after another. */
  preload: string[];
  /** route prefix -> API GET paths its first screen reads: requested as soon as the session is known. */
  prefetch: Record<string, string[]>;
}

const registryPath = () => path.join(portalHome(), 'remotes', 'registry.json');
let cache: { mtimeMs: number; file: string; remotes: RemoteEntry[] } | undefined;

/** The registry, re-read when the file's mtime changes (publishing needs no restart). Missing: empty. */
export function readRegistry(): RemoteEntry[] {
  const file = registryPath();
  let mtimeMs: number;
  try {
    mtimeMs = fs.statSync(file).mtimeMs;
  } catch {
    return [];
  }
  if (cache && cache.file === file && cache.mtimeMs === mtimeMs) return cache.remotes;
  try {
    const parsed = RegistryFile.parse(JSON.parse(fs.readFileSync(file, 'utf8')));
    const remotes = Object.entries(parsed.remotes).map(([name, r]) => ({
      name, version: r.version, manifestUrl: r.manifestPath, entryUrl: r.entryPath, routes: r.routes, audience: r.audience,
      preload: r.preloadPaths.length ? r.preloadPaths : [r.entryPath], prefetch: r.prefetch,
    }));
    cache = { mtimeMs, file, remotes };
    return remotes;
  } catch (err) {
    // A half-written or invalid file: keep serving the last good registry.
    logger.error({ err, file }, 'remote registry unreadable');
    return cache?.remotes ?? [];
  }
}

/** What anyone may see: the remotes for every signed-in user (admin remotes are listed to admins only). */
export const publicRemotes = (all: RemoteEntry[] = readRegistry()) => all.filter((r) => r.audience === 'user');

export const matchesPrefix = (pathname: string, prefix: string) =>
  pathname === prefix || pathname.startsWith(prefix.endsWith('/') ? prefix : `${prefix}/`);

/** The remote owning `pathname`: the longest matching route prefix wins (as shared-ui's routeOwner). */
export function routeOwner<T extends { routes: string[] }>(remotes: T[], pathname: string): T | undefined {
  let best: T | undefined;
  let length = -1;
  for (const r of remotes) for (const route of r.routes) if (route.length > length && matchesPrefix(pathname, route)) { best = r; length = route.length; }
  return best;
}
