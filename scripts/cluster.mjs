// `npm run start:cluster`: the portal as several API processes behind one address, on this machine.
// nginx (Debian's, scripts/lib/nginx.mjs) listens on PORT (3000) and spreads requests round robin over
// CLUSTER_SIZE (default 2) API processes on free loopback ports. They share what a deployment shares:
// the database (the first process starts the embedded PostgreSQL on PORTAL_PG_PORT, the others use it
// by DATABASE_URL, or all use DATABASE_URL when it is given), PORTAL_HOME (secrets, published remotes,
// uploads), sessions and live-socket fan-out (both in PostgreSQL). TRUST_PROXY=127.0.0.1 (nginx's
// address as the processes see it): rate limits count the client addresses nginx reports, and only
// nginx may report them. The API processes run with the jobs off (PORTAL_ROLE=api) and one
// job worker (PORTAL_ROLE=worker: no HTTP) runs the scheduled jobs, so jobs never take the CPU a request
// needs (docs/scaling.md). NODE_ENV=production is checked by each process (platform/config/production.ts).
// Each process answers its metrics on a port of its own and Debian's Prometheus (PROMETHEUS_PORT, 9090)
// scrapes them all with the rules of ops/prometheus (docs/operations.md).
// `--ha`: the database is the HA topology of scripts/lib/ha.mjs (Patroni over etcd: a primary, a
// synchronous standby, an async replica; HAProxy on Patroni's leader; PgBouncer in transaction mode),
// each host in a network namespace of its own; the processes take requests through PgBouncer
// (DATABASE_URL), sessions straight to the primary (DATABASE_SESSION_URL) and replica-safe reads from
// the replicas (DATABASE_REPLICA_URL), and Prometheus also scrapes Patroni (docs/scaling.md "The HA topology").
// Ctrl-C stops nginx and Prometheus, then the processes, the first one last, then the HA database.
import net from 'node:net';
import path from 'node:path';
import { spawn } from 'node:child_process';
import { apiDir, apiStartArgs, workerReady } from './lib/api-start.mjs';
import { startHaDatabase } from './lib/ha.mjs';
import { startNginx } from './lib/nginx.mjs';
import { startPrometheus } from './lib/prometheus.mjs';

const root = path.resolve(apiDir, '..');
const size = Number(process.env.CLUSTER_SIZE ?? 2);
const port = Number(process.env.PORT ?? 3000);

const freePort = () =>
  new Promise((resolve, reject) => {
    const s = net.createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const p = s.address().port;
      s.close(() => resolve(p));
    });
  });

/** Every process's metrics address, for Prometheus. */
const scrapeTargets = [];

/** One process of the portal with its logs prefixed by `label` (detached: Ctrl-C reaches this script only; it stops them in order). */
async function startProcess(label, env) {
  const metricsPort = await freePort();
  scrapeTargets.push({ address: `127.0.0.1:${metricsPort}`, labels: { process: label } });
  const child = spawn(process.execPath, apiStartArgs, {
    cwd: apiDir,
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
    env: {
      ...process.env,
      ...env,
      TRUST_PROXY: '127.0.0.1',
      METRICS_PORT: String(metricsPort),
      PORTAL_HOME: process.env.PORTAL_HOME ?? path.join(root, '.portal'),
    },
  });
  for (const stream of [child.stdout, child.stderr])
    stream.on('data', (d) => process.stdout.write(String(d).replace(/^(?=.)/gm, `[${label}] `)));
  const exited = new Promise((r) => child.once('exit', r));
  return {
    child,
    stop: async () => {
      process.kill(-child.pid, 'SIGTERM');
      await exited;
    },
  };
}

/** One API process with the jobs off; resolves when /api/health answers. */
async function startApi(n, env) {
  const apiPort = await freePort();
  const { child, stop } = await startProcess(`api ${n}`, {
    ...env,
    PORTAL_ROLE: 'api',
    PORT: String(apiPort),
    HOST: '127.0.0.1',
  });
  const base = `http://127.0.0.1:${apiPort}`;
  for (const until = Date.now() + 180_000; ;) {
    if (child.exitCode !== null) throw new Error(`API ${n} exited (${child.exitCode})`);
    try {
      if ((await fetch(`${base}/api/health`)).ok) break;
    } catch {
      /* starting */
    }
    if (Date.now() > until) throw new Error(`API ${n} did not start`);
    await new Promise((r) => setTimeout(r, 250));
  }
  return { base, stop };
}

/** The job worker (no HTTP); resolves once its jobs run. */
async function startWorker(env) {
  const worker = await startProcess('worker', { ...env, PORTAL_ROLE: 'worker' });
  await workerReady(worker.child);
  return worker;
}

const home = process.env.PORTAL_HOME ?? path.join(root, '.portal');

/** What stops each started part, run last-started first (Ctrl-C, SIGTERM, or a failed start). */
const stoppers = [];
let stopping = false;
async function stop(code = 0) {
  if (stopping) return;
  stopping = true;
  for (const s of stoppers.reverse()) await s().catch((e) => console.error(e));
  process.exit(code);
}
process.on('SIGINT', () => stop());
process.on('SIGTERM', () => stop());

/** The remotes' releases, once the HA database is migrated (the simple cluster publishes before it starts). */
function publishRemotes() {
  const child = spawn(process.execPath, ['scripts/publish-remote.mjs', '--all', '--no-build', '--if-changed'], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, DATABASE_URL: process.env.DATABASE_SESSION_URL, PORTAL_HOME: home },
  });
  return new Promise((resolve, reject) =>
    child.once('exit', (code) => (code === 0 ? resolve() : reject(new Error(`publish-remote exited (${code})`)))),
  );
}

async function start() {
  if (process.argv.includes('--ha')) {
    const ha = await startHaDatabase({
      id: Number(process.env.HA_NET_ID ?? 1),
      dir: path.join(home, 'ha'),
      log: (m) => console.log(`[ha] ${m}`),
    });
    stoppers.push(ha.stop);
    Object.assign(process.env, {
      DATABASE_URL: ha.pooledUrl,
      DATABASE_SESSION_URL: ha.primaryUrl,
      DATABASE_REPLICA_URL: ha.replicaUrl,
    });
    for (const node of ha.layout.nodes)
      scrapeTargets.push({ address: `${node.address}:8008`, labels: { process: `patroni ${node.name}` } });
  }
  const pgPort = Number(process.env.PORTAL_PG_PORT ?? 54329);
  // Without Plaid keys the first process also starts the local Plaid sandbox (platform/plaid); the others use it.
  const sandboxPort = await freePort();
  const plaid =
    process.env.PLAID_CLIENT_ID || process.env.PLAID_SANDBOX_URL
      ? {}
      : {
          PLAID_SANDBOX_PORT: String(sandboxPort),
          PLAID_SANDBOX_AUTO_SETTLE_MS: process.env.PLAID_SANDBOX_AUTO_SETTLE_MS ?? '5000',
        };
  const apis = [
    await startApi(1, { ...plaid, ...(process.env.DATABASE_URL ? {} : { PORTAL_PG_PORT: String(pgPort) }) }),
  ];
  stoppers.push(apis[0].stop); // it owns the embedded PostgreSQL: stopped after the others
  const databaseUrl = process.env.DATABASE_URL ?? `postgresql://postgres:postgres@127.0.0.1:${pgPort}/portal`;
  const sandboxUrl = plaid.PLAID_SANDBOX_PORT ? { PLAID_SANDBOX_URL: `http://127.0.0.1:${sandboxPort}` } : {};
  const worker = await startWorker({ DATABASE_URL: databaseUrl, ...sandboxUrl });
  stoppers.push(worker.stop);
  for (let n = 2; n <= size; n++) {
    apis.push(await startApi(n, { DATABASE_URL: databaseUrl, ...sandboxUrl }));
    stoppers.push(apis.at(-1).stop);
  }
  if (process.env.DATABASE_SESSION_URL) await publishRemotes();
  const prometheus = await startPrometheus({
    dir: path.join(home, 'prometheus'),
    port: Number(process.env.PROMETHEUS_PORT ?? 9090),
    targets: scrapeTargets,
  });
  stoppers.push(prometheus.stop);
  const nginx = await startNginx({
    dir: path.join(home, 'nginx'),
    listen: `0.0.0.0:${port}`,
    upstreams: apis.map((a) => a.base),
  });
  stoppers.push(nginx.stop);
  console.log(`\n  Prometheus (every process's metrics, ops/prometheus rules and alerts): ${prometheus.url}`);
  console.log(
    `\n  Portal (cluster of ${size} API processes behind nginx, one job worker): http://localhost:${port}\n  API processes: ${apis.map((a) => a.base).join(', ')}\n`,
  );
}

await start().catch((e) => {
  console.error(e);
  return stop(1);
});
