import fs from 'node:fs';
import path from 'node:path';
import { z } from '@hono/zod-openapi';
import { portalHome } from '../../platform/config.js';
import { logger } from '../../platform/logger.js';

/** Shape of $PORTAL_HOME/remotes/registry.json, written by scripts/publish-remote.mjs. */
const RegistryFile = z.object({
  remotes: z.record(z.string(), z.object({
    version: z.string(),
    manifestPath: z.string(),
    entryPath: z.string(),
    routes: z.array(z.string()),
    audience: z.enum(['user', 'admin']),
  })),
});

export interface RemoteEntry {
  name: string;
  version: string;
  manifestUrl: string;
  entryUrl: string;
  routes: string[];
  audience: 'user' | 'admin';
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
    }));
    cache = { mtimeMs, file, remotes };
    return remotes;
  } catch (err) {
    // A half-written or invalid file: keep serving the last good registry.
    logger.error({ err, file }, 'remote registry unreadable');
    return cache?.remotes ?? [];
  }
}
