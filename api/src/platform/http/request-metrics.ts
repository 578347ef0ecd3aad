import { createMiddleware } from 'hono/factory';
import { matchedRoutes } from 'hono/route';
import { metrics } from '../metrics/index.js';
import { nameRequestSpan } from '../tracing/index.js';

/**
 * Counts and times every request by its route template, and names its trace span by it ('/api/wallet/transfers/:id', never the id),
 * so the label set stays bounded: pages and files outside /api are one label, 'static'.
 */
export const requestMetrics = createMiddleware(async (c, next) => {
  const start = performance.now();
  try {
    await next();
  } finally {
    const labels = { method: c.req.method, route: routeTemplate(c), status: String(c.res.status) };
    nameRequestSpan(labels.method, labels.route);
    metrics.httpRequests.inc(labels);
    metrics.httpDuration.observe(labels, (performance.now() - start) / 1000);
  }
});

function routeTemplate(c: Parameters<Parameters<typeof createMiddleware>[0]>[0]): string {
  if (!c.req.path.startsWith('/api/')) return 'static';
  return matchedRoutes(c)[c.req.routeIndex]?.path ?? 'unmatched';
}
