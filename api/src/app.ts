import { createRoute, z } from '@hono/zod-openapi';
import path from 'node:path';
import { isProduction, portalHome, repoRoot } from './platform/config.js';
import { getPool } from './platform/db/pool.js';
import { rememberWrites } from './platform/db/replica.js';
import { errorResponse, notFound } from './platform/errors.js';
import { DOCS_HTML, DOCS_JS } from './platform/http/docs-page.js';
import { jsonBody } from './platform/http/json-body.js';
import { configuredHostOnly } from './platform/http/origin.js';
import { createRouter } from './platform/http/router.js';
import { metricsOnLoopback } from './platform/http/metrics-route.js';
import { requestMetrics } from './platform/http/request-metrics.js';
import { requestLog } from './platform/http/request-log.js';
import { securityHeaders } from './platform/http/security-headers.js';
import { sessionMarker } from './platform/http/session-marker.js';
import { sendShellHtml } from './platform/http/shell-html.js';
import { logger } from './platform/logger.js';
import { precompressAssets, resolveInside, sendFile, shellCacheControl } from './platform/http/static-files.js';
import { ALWAYS_MOUNTED, MODULES } from './modules/index.js';
import { IMMUTABLE, isValidObjectKey, remoteBuildStore } from './platform/storage/objects.js';

export interface AppOptions {
  /** Module names to mount (the platform module always is); default: MODULES env (comma separated) or all. */
  modules?: string[];
  /** Serve /remotes/* and the shell build (server.ts); tests leave it off. */
  serveStatic?: boolean;
}

export function selectedModules(env = process.env.MODULES): string[] {
  const names = env
    ? env
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean)
    : Object.keys(MODULES);
  const unknown = names.filter((n) => !MODULES[n]);
  if (unknown.length)
    throw new Error(`Unknown module(s) in MODULES: ${unknown.join(', ')} (known: ${Object.keys(MODULES).join(', ')})`);
  return [...new Set([...ALWAYS_MOUNTED, ...names])];
}

const healthRoute = createRoute({
  method: 'get',
  path: '/api/health',
  'x-access': 'public',
  tags: ['platform'],
  summary: 'Liveness and database reachability',
  responses: {
    200: {
      description: 'Healthy',
      content: { 'application/json': { schema: z.object({ status: z.literal('ok'), database: z.literal('ok') }) } },
    },
    503: {
      description: 'Database unreachable',
      content: {
        'application/json': { schema: z.object({ status: z.literal('error'), database: z.literal('unreachable') }) },
      },
    },
  },
});

export function buildApp(options: AppOptions = {}) {
  const app = createRouter();
  app.use('*', requestMetrics, securityHeaders, requestLog, configuredHostOnly, jsonBody);
  app.use('/api/auth/*', sessionMarker);
  app.use('/api/*', rememberWrites); // a browser's last write position, for replica reads (platform/db/replica.ts)

  app.openapi(healthRoute, async (c) => {
    try {
      await Promise.race([
        getPool().query('SELECT 1'), // the pool answers: a ping, not a read
        new Promise((_, reject) => setTimeout(() => reject(new Error('timeout')), 2000)),
      ]);
      return c.json({ status: 'ok' as const, database: 'ok' as const }, 200);
    } catch {
      return c.json({ status: 'error' as const, database: 'unreachable' as const }, 503);
    }
  });

  for (const name of options.modules ?? selectedModules()) app.route(`/api/${name}`, MODULES[name]!.router);

  app.openAPIRegistry.registerComponent('securitySchemes', 'bearer', {
    type: 'http',
    scheme: 'bearer',
    bearerFormat: 'JWT',
  });
  app.doc('/api/openapi.json', {
    openapi: '3.0.3',
    info: {
      title: 'Portal API',
      version: '0.1.0',
      description: 'Errors: { error, code, details? }. Money: decimal strings.',
    },
  });
  app.get('/api/docs', (c) => c.html(DOCS_HTML));
  app.get('/api/docs/app.js', (c) => c.body(DOCS_JS, 200, { 'Content-Type': 'text/javascript; charset=utf-8' }));
  app.all('/api/*', () => {
    throw notFound('No such API route');
  });
  // production: never on the public port, see platform/http/metrics-route.ts
  if (!isProduction()) app.get('/metrics', metricsOnLoopback);

  if (options.serveStatic) mountStatic(app);
  app.notFound((c) => errorResponse(c, notFound()));
  app.onError((err, c) => errorResponse(c, err));
  return app;
}

/**
 * docs/decisions.md "Serving": /remotes/<name>/<version>/* from the remote-build store (immutable:
 * a version's files never change; on local disk with precompressed siblings, from a bucket when one
 * is configured and browsers are not sent to it directly), every other GET from shell/dist with
 * index.html for client routes (its content-hashed chunks immutable too, the rest revalidated).
 */
function mountStatic(app: ReturnType<typeof createRouter>) {
  const remotesRoot = path.join(portalHome(), 'remotes');
  const shellRoot = path.join(repoRoot, 'shell', 'dist');
  const builds = remoteBuildStore();
  precompressAssets(builds.kind === 'local' ? [shellRoot, remotesRoot] : [shellRoot]).catch((err: unknown) =>
    logger.warn({ err }, 'precompressing assets failed; they are compressed on first request'),
  );
  app.get('/remotes/*', async (c) => {
    const rel = c.req.path.slice('/remotes'.length);
    if (!/^\/[^/]+\/[^/]+\/.+/.test(rel)) throw notFound();
    if (builds.kind !== 'local') {
      const key = rel.slice(1);
      const object = isValidObjectKey(key) ? await builds.get(key) : null; // plain segments only: nothing to decode
      if (!object) throw notFound();
      return c.body(new Uint8Array(object.bytes), 200, {
        'Content-Type': object.contentType,
        'Cache-Control': IMMUTABLE,
        'X-Content-Type-Options': 'nosniff',
      });
    }
    const file = resolveInside(remotesRoot, rel);
    if (!file) throw notFound();
    return sendFile(c, file, IMMUTABLE);
  });
  app.get('*', (c) => {
    const file = resolveInside(shellRoot, c.req.path);
    if (file && path.basename(file) !== 'index.html') return sendFile(c, file, shellCacheControl(file));
    const index = resolveInside(shellRoot, '/index.html');
    if (!index) return c.text('The shell is not built yet (shell/dist missing). The API is at /api.', 404);
    return sendShellHtml(c, index);
  });
}

/** The app with chosen modules and no static serving: what API tests call through app.request(). */
export const createTestApp = (modules?: string[]) => buildApp({ modules, serveStatic: false });
