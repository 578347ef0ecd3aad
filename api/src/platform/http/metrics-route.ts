import { createServer, type Server } from 'node:http';
import type { Context } from 'hono';
import { notFound } from '../errors.js';
import { isLoopbackClient } from './client-ip.js';
import { logger } from '../logger.js';
import { METRICS_CONTENT_TYPE, metricsText } from '../metrics/index.js';

/**
 * Where Prometheus reads the process's figures (docs/operations.md). Production never answers them
 * on the public port: a listener of their own on METRICS_PORT (default 9464) bound to METRICS_HOST
 * (default 127.0.0.1), which the proxy does not forward. In development `GET /metrics` answers on
 * the portal's port, to a client on this machine that is not behind a proxy (a proxy on the same
 * machine connects from loopback too, so a forwarded request is refused).
 */
export async function metricsOnLoopback(c: Context) {
  if (!isLoopbackClient(c)) throw notFound();
  return c.body(await metricsText(), 200, { 'Content-Type': METRICS_CONTENT_TYPE, 'Cache-Control': 'no-store' });
}

export const METRICS_DEFAULT_PORT = 9464;

/** The metrics listener of a production process (or any process given METRICS_PORT). */
export function startMetricsServer(
  port = Number(process.env.METRICS_PORT ?? METRICS_DEFAULT_PORT),
  host = process.env.METRICS_HOST ?? '127.0.0.1',
): Server {
  const server = createServer((req, res) => {
    if (req.method !== 'GET' || req.url !== '/metrics') {
      res.writeHead(404).end();
      return;
    }
    metricsText().then(
      (text) => res.writeHead(200, { 'Content-Type': METRICS_CONTENT_TYPE }).end(text),
      (err: unknown) => {
        logger.error({ err }, 'metrics');
        res.writeHead(500).end();
      },
    );
  });
  server.listen(port, host, () => logger.info({ port, host }, 'metrics listening'));
  return server;
}
