import crypto from 'node:crypto';
import { createMiddleware } from 'hono/factory';
import { logger } from '../logger.js';
import type { AppEnv } from './env.js';

/** One log line per request: id, method, path, status, duration. */
export const requestLog = createMiddleware<AppEnv>(async (c, next) => {
  const requestId = c.req.header('x-request-id')?.slice(0, 64) || crypto.randomUUID();
  c.set('requestId', requestId);
  const start = performance.now();
  await next();
  c.res.headers.set('X-Request-Id', requestId);
  logger.info(
    {
      requestId,
      method: c.req.method,
      path: c.req.path,
      status: c.res.status,
      ms: Math.round(performance.now() - start),
    },
    'request',
  );
});
