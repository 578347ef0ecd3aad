// The highly available database of `npm run start:cluster -- --ha` and the reliability cases failover,
// split-brain, pgbouncer-restart and replica-lag (docs/scaling.md "The HA topology"). Each "host" is a
// network namespace with its own address on a bridge this script creates and removes (traffic stays
// inside this machine):
//   .10 etcd                      the consensus store Patroni keeps the leader key in
//   .11 .12 .13 pg1 pg2 pg3       Patroni + PostgreSQL 15: a primary, a synchronous standby, an async replica
//   .20 pool                      HAProxy (5000: whoever Patroni's REST says is primary; 5001: the replicas)
//                                 and PgBouncer (6432, transaction mode) in front of HAProxy's 5000
// Everything is Debian's packages (installed when missing). Every program runs as the `postgres` user
// except etcd and HAProxy; stop() kills every process of every namespace and removes them with the
// bridge, also after a failed start.
import { execFile, execFileSync, spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { existsSync, mkdirSync, openSync, writeFileSync, chownSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { apiDir } from './api-start.mjs';
import { aptInstall } from './tasks.mjs';
import { PG15_BIN, STANZA, asPostgres, ownedFolder } from './pgbackrest.mjs';

const exec = promisify(execFile);
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const PASSWORD = 'postgres';
const PATRONI_PORT = 8008;

/** Patroni, etcd, PgBouncer, HAProxy and PostgreSQL 15 from Debian's packages, when missing. */
export async function ensureHaPackages() {
  const wanted = [
    ['/usr/bin/patroni', 'patroni'],
    ['/usr/bin/etcd', 'etcd-server'],
    ['/usr/sbin/pgbouncer', 'pgbouncer'],
    ['/usr/sbin/haproxy', 'haproxy'],
    [path.join(PG15_BIN, 'postgres'), 'postgresql-15'],
  ];
  for (const [file, pkg] of wanted) if (!existsSync(file)) await aptInstall(`Installing Debian ${pkg} (apt-get)`, pkg);
}

const run = async (program, args) => {
  try {
    return (await exec(program, args)).stdout;
  } catch (e) {
    throw new Error(`${program} ${args.join(' ')}: ${e.stderr || e.message}`, { cause: e });
  }
};
const ip = (...args) => run('ip', args);

/**
 * The names and addresses of one HA cluster: `id` (1-200) picks the subnet 10.77.<id>.0/24 and the
 * names pha<id>-*, so the reliability cases and `start:cluster --ha` do not meet.
 */
export function haLayout(id) {
  const net = `10.77.${id}`;
  const host = (name, last) => ({ name, ns: `pha${id}-${name}`, veth: `pha${id}-${name}`, address: `${net}.${last}` });
  const nodes = [host('pg1', 11), host('pg2', 12), host('pg3', 13)];
  const pool = host('pool', 20);
  return {
    id,
    net,
    bridge: `pha${id}br`,
    gateway: `${net}.1`,
    etcd: host('etcd', 10),
    nodes,
    pool,
    hosts: () => [host('etcd', 10), ...nodes, pool],
    /** Request traffic: PgBouncer in transaction mode. */
    pooledUrl: (db = 'portal') => `postgresql://postgres:${PASSWORD}@${pool.address}:6432/${db}`,
    /** Sessions (LISTEN, pg-boss, migrations): HAProxy straight to the primary. */
    primaryUrl: (db = 'portal') => `postgresql://postgres:${PASSWORD}@${pool.address}:5000/${db}`,
    /** Replica-safe reads: HAProxy over the replicas. */
    replicaUrl: (db = 'portal') => `postgresql://postgres:${PASSWORD}@${pool.address}:5001/${db}`,
    nodeUrl: (node, db = 'portal') => `postgresql://postgres:${PASSWORD}@${node.address}:5432/${db}`,
  };
}

/** Removes whatever a run of this layout left behind (namespaces with their processes, the bridge). */
export async function removeNetwork(layout) {
  const existing = await run('ip', ['netns', 'list']).catch(() => '');
  for (const h of layout.hosts()) {
    if (!existing.split('\n').some((l) => l.split(' ')[0] === h.ns)) continue;
    await killNamespace(h.ns, 'SIGKILL');
    await ip('netns', 'del', h.ns).catch(() => {});
  }
  for (const h of layout.hosts()) await ip('link', 'del', h.veth).catch(() => {});
  await ip('link', 'del', layout.bridge).catch(() => {});
}

/** Signals every process in a namespace (by pid, as `ip netns pids` lists them). */
export async function killNamespace(ns, signal) {
  const pids = (await run('ip', ['netns', 'pids', ns]).catch(() => '')).split('\n').filter(Boolean).map(Number);
  for (const pid of pids) {
    try {
      process.kill(pid, signal);
    } catch {
      /* gone */
    }
  }
  return pids;
}

/** The bridge in this namespace (address .1) and one namespace per host, each with a veth on the bridge. */
async function createNetwork(layout) {
  await ip('link', 'add', layout.bridge, 'type', 'bridge');
  await ip('addr', 'add', `${layout.gateway}/24`, 'dev', layout.bridge);
  await ip('link', 'set', layout.bridge, 'up');
  for (const h of layout.hosts()) {
    await ip('netns', 'add', h.ns);
    await ip('link', 'add', h.veth, 'type', 'veth', 'peer', 'name', 'eth0', 'netns', h.ns);
    await ip('link', 'set', h.veth, 'master', layout.bridge, 'up');
    await ip('-n', h.ns, 'addr', 'add', `${h.address}/24`, 'dev', 'eth0');
    await ip('-n', h.ns, 'link', 'set', 'eth0', 'up');
    await ip('-n', h.ns, 'link', 'set', 'lo', 'up');
    await ip('-n', h.ns, 'route', 'add', 'default', 'via', layout.gateway);
  }
}

/** Drops a host's traffic to one address (a blackhole route inside its namespace), or restores it. */
export const setBlackhole = (host, address, on) =>
  ip('-n', host.ns, 'route', on ? 'add' : 'del', 'blackhole', `${address}/32`);

/** A program in a namespace, as `user` (setpriv: no fork, so the pid is the program's), logging to `log`. */
function spawnIn(ns, { user, program, args, log }) {
  const out = openSync(log, 'a');
  const as = user ? ['setpriv', '--reuid', user, '--regid', user, '--init-groups'] : [];
  const child = spawn('ip', ['netns', 'exec', ns, ...as, program, ...args], {
    stdio: ['ignore', out, out],
    env: { ...process.env, HOME: '/tmp', LC_ALL: 'C.UTF-8' },
  });
  child.on('error', () => {});
  return child;
}

function patroniConfig(layout, node, dir, backRestConfig) {
  const subnet = `${layout.net}.0/24`;
  return {
    scope: 'portal',
    name: node.name,
    namespace: `/portal-ha-${layout.id}/`,
    log: { level: 'INFO' },
    restapi: { listen: `${node.address}:${PATRONI_PORT}`, connect_address: `${node.address}:${PATRONI_PORT}` },
    etcd3: { hosts: [`${layout.etcd.address}:2379`] },
    bootstrap: {
      dcs: {
        // ttl: the leader key lives 10 s without renewal (the bound on the failover time); Patroni
        // checks every 2 s and gives up on etcd after 3 s, demoting itself before the key expires.
        ttl: 10,
        loop_wait: 2,
        retry_timeout: 3,
        maximum_lag_on_failover: 1048576,
        synchronous_mode: true,
        postgresql: {
          use_pg_rewind: true,
          use_slots: true,
          parameters: {
            max_connections: 150,
            wal_level: 'replica',
            hot_standby: 'on',
            wal_log_hints: 'on',
            max_wal_senders: 10,
            max_replication_slots: 10,
            synchronous_commit: 'on',
            hot_standby_feedback: 'on',
            wal_keep_size: '256MB',
            shared_buffers: '64MB',
            // every node archives to the one pgBackRest repository (whichever is primary pushes)
            archive_mode: 'on',
          },
        },
      },
      initdb: [{ encoding: 'UTF8' }, { locale: 'C.UTF-8' }, 'data-checksums'],
    },
    postgresql: {
      listen: `${node.address}:5432`,
      connect_address: `${node.address}:5432`,
      use_unix_socket: true,
      data_dir: path.join(dir, 'data'),
      bin_dir: PG15_BIN,
      pgpass: path.join(dir, 'pgpass'),
      authentication: {
        superuser: { username: 'postgres', password: PASSWORD },
        replication: { username: 'replicator', password: PASSWORD },
        rewind: { username: 'postgres', password: PASSWORD },
      },
      pg_hba: [
        'local all all trust',
        `host all all ${subnet} scram-sha-256`,
        `host replication replicator ${subnet} scram-sha-256`,
      ],
      // archive_command per node: pgBackRest takes the archiving server's own data folder as pg1
      parameters: {
        unix_socket_directories: dir,
        password_encryption: 'scram-sha-256',
        archive_command: `pgbackrest --config=${backRestConfig} --stanza=${STANZA} --pg1-path=${path.join(dir, 'data')} archive-push %p`,
      },
    },
    // synchronous_mode names one standby synchronous (synchronous_node_count 1), the other streams
    // asynchronously; after a failover the remaining replica becomes the new primary's sync standby
    tags: { nofailover: false, noloadbalance: false, clonefrom: false, nosync: false },
  };
}

function haproxyConfig(layout) {
  const servers = (check) =>
    layout.nodes.map((n) => `  server ${n.name} ${n.address}:5432 check port ${PATRONI_PORT}`).join('\n') +
    `\n  option httpchk GET ${check}\n  http-check expect status 200`;
  return `# written by scripts/lib/ha.mjs: Patroni's REST answers 200 on /primary only on the leader
global
  maxconn 2000
defaults
  mode tcp
  timeout connect 2s
  timeout client 30m
  timeout server 30m
  timeout check 1s
  default-server inter 1s fall 2 rise 1 on-marked-down shutdown-sessions
listen primary
  bind ${layout.pool.address}:5000
${servers('/primary')}
listen replicas
  bind ${layout.pool.address}:5001
  balance roundrobin
${servers('/replica')}
`;
}

function pgbouncerConfig(layout, dir) {
  return `;; written by scripts/lib/ha.mjs
[databases]
* = host=${layout.pool.address} port=5000

[pgbouncer]
listen_addr = ${layout.pool.address}
listen_port = 6432
unix_socket_dir = ${dir}
auth_type = scram-sha-256
auth_file = ${path.join(dir, 'userlist.txt')}
admin_users = postgres
pool_mode = transaction
default_pool_size = 20
max_client_conn = 1000
server_connect_timeout = 2
server_login_retry = 1
query_wait_timeout = 10
ignore_startup_parameters = extra_float_digits,options
pidfile = ${path.join(dir, 'pgbouncer.pid')}
logfile = ${path.join(dir, 'pgbouncer.log')}
`;
}

async function waitFor(what, ms, check) {
  let last;
  for (const until = Date.now() + ms; Date.now() < until; await sleep(300)) {
    try {
      if ((last = await check())) return last;
    } catch (e) {
      last = e.message;
    }
  }
  throw new Error(`${what} not ready in ${ms / 1000} s (${typeof last === 'string' ? last : JSON.stringify(last)})`);
}

/** Patroni's view of the cluster (GET /cluster on any member that answers). */
export async function clusterState(layout) {
  for (const n of layout.nodes) {
    try {
      const res = await fetch(`http://${n.address}:${PATRONI_PORT}/cluster`, { signal: AbortSignal.timeout(1000) });
      if (res.ok) return (await res.json()).members;
    } catch {
      /* the next one */
    }
  }
  return [];
}

/** Resolves once the cluster has a leader, a streaming sync standby and a streaming async replica: the members. */
export function healthyCluster(layout, ms = 120_000) {
  return waitFor('the Patroni cluster', ms, async () => {
    const members = await clusterState(layout);
    const running = (m) => ['running', 'streaming'].includes(m.state);
    const role = (r) => members.filter((m) => m.role === r && running(m));
    return role('leader').length === 1 &&
      role('sync_standby').length === 1 &&
      members.length === layout.nodes.length &&
      members.every(running)
      ? members
      : false;
  });
}

/**
 * Starts the HA database on layout `id` under `dir` (removed by the caller): network, etcd, three
 * Patroni nodes (pg1 bootstraps, so it is the first primary), HAProxy, PgBouncer, database `database`.
 * Returns the layout, its URLs, handles to stop/kill/restart pieces, and stop() for everything.
 */
export async function startHaDatabase({ id, dir, database = 'portal', log = () => {} }) {
  await ensureHaPackages();
  const layout = haLayout(id);
  await removeNetwork(layout);
  const procs = new Map();
  const stop = async () => {
    for (const h of layout.hosts()) await killNamespace(h.ns, 'SIGTERM').catch(() => {});
    await sleep(1500);
    await removeNetwork(layout);
  };
  try {
    await createNetwork(layout);
    await ownedFolder(dir);
    const logs = path.join(dir, 'logs');
    await ownedFolder(logs);
    const logFile = (name) => {
      const f = path.join(logs, `${name}.log`);
      writeFileSync(f, '');
      chownPostgres(f);
      return f;
    };

    const etcdDir = path.join(dir, 'etcd');
    mkdirSync(etcdDir, { recursive: true });
    const e = layout.etcd.address;
    procs.set(
      'etcd',
      spawnIn(layout.etcd.ns, {
        program: 'etcd',
        log: logFile('etcd'),
        args: [
          '--name',
          'etcd',
          '--data-dir',
          etcdDir,
          '--listen-client-urls',
          `http://${e}:2379`,
          '--advertise-client-urls',
          `http://${e}:2379`,
          '--listen-peer-urls',
          `http://${e}:2380`,
          '--initial-advertise-peer-urls',
          `http://${e}:2380`,
          '--initial-cluster',
          `etcd=http://${e}:2380`,
          '--heartbeat-interval',
          '100',
          '--election-timeout',
          '1000',
          '--log-level',
          'warn',
        ],
      }),
    );
    await waitFor('etcd', 30_000, async () => (await fetch(`http://${e}:2379/health`)).ok);
    log(`etcd on ${e}:2379`);

    for (const node of layout.nodes) node.dir = path.join(dir, node.name);
    const backRestConfig = await writeHaBackRestConfig(layout, path.join(dir, 'pgbackrest'));
    for (const node of layout.nodes) {
      const nodeDir = await ownedFolder(node.dir);
      const config = path.join(nodeDir, 'patroni.yml');
      writeFileSync(config, JSON.stringify(patroniConfig(layout, node, nodeDir, backRestConfig), null, 2)); // YAML reads JSON
      chownPostgres(config);
      procs.set(node.name, startPatroni(layout, node, logFile));
      if (node === layout.nodes[0])
        await waitFor(
          'the first primary',
          120_000,
          async () => (await fetch(`http://${node.address}:${PATRONI_PORT}/primary`)).status === 200,
        );
    }
    const members = await healthyCluster(layout);
    log(`Patroni: ${members.map((m) => `${m.name} ${m.role}`).join(', ')}`);

    const poolDir = await ownedFolder(path.join(dir, 'pool'));
    writeFileSync(path.join(poolDir, 'haproxy.cfg'), haproxyConfig(layout));
    procs.set(
      'haproxy',
      spawnIn(layout.pool.ns, {
        program: '/usr/sbin/haproxy',
        args: ['-db', '-f', path.join(poolDir, 'haproxy.cfg')],
        log: logFile('haproxy'),
      }),
    );
    writeFileSync(path.join(poolDir, 'userlist.txt'), `"postgres" "${PASSWORD}"\n`);
    writeFileSync(path.join(poolDir, 'pgbouncer.ini'), pgbouncerConfig(layout, poolDir));
    for (const f of ['userlist.txt', 'pgbouncer.ini', 'haproxy.cfg']) chownPostgres(path.join(poolDir, f));
    const startPgBouncer = () =>
      spawnIn(layout.pool.ns, {
        user: 'postgres',
        program: '/usr/sbin/pgbouncer',
        args: [path.join(poolDir, 'pgbouncer.ini')],
        log: logFile('pgbouncer-stdout'),
      });
    procs.set('pgbouncer', startPgBouncer());

    const { default: pg } = await import(
      pathToFileURL(createRequire(path.join(apiDir, 'package.json')).resolve('pg')).href
    );
    const admin = await waitFor('HAProxy to the primary', 30_000, async () => {
      const c = new pg.Client({ connectionString: layout.primaryUrl('postgres'), connectionTimeoutMillis: 2000 });
      await c.connect();
      return c;
    });
    if (!(await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [database])).rowCount)
      await admin.query(`CREATE DATABASE ${database}`);
    await admin.end();
    await waitFor('PgBouncer', 30_000, async () => {
      const c = new pg.Client({ connectionString: layout.pooledUrl(database), connectionTimeoutMillis: 2000 });
      await c.connect();
      await c.end();
      return true;
    });
    log(
      `HAProxy ${layout.pool.address}:5000 (primary), :5001 (replicas); PgBouncer ${layout.pool.address}:6432 (transaction mode)`,
    );

    await asPostgres('pgbackrest', [`--config=${backRestConfig}`, `--stanza=${STANZA}`, 'stanza-create']);
    return {
      layout,
      backRestConfig,
      /** A pgBackRest backup (`type` full, diff or incr) taken from a standby (backup-standby): the primary only starts and stops it. */
      backup: (type = 'full') =>
        asPostgres('pgbackrest', [
          `--config=${backRestConfig}`,
          `--stanza=${STANZA}`,
          '--backup-standby',
          `--type=${type}`,
          'backup',
        ]),
      pooledUrl: layout.pooledUrl(database),
      primaryUrl: layout.primaryUrl(database),
      replicaUrl: layout.replicaUrl(database),
      /** SIGKILL of a node's Patroni and PostgreSQL (every process of its namespace). */
      killNode: (node) => killNamespace(node.ns, 'SIGKILL'),
      startNode: (node) => {
        procs.set(node.name, startPatroni(layout, node, logFile));
      },
      /** PgBouncer killed (SIGKILL) and started again: its clients' connections are cut. */
      restartPgBouncer: async () => {
        const old = procs.get('pgbouncer');
        old.kill('SIGKILL');
        await new Promise((r) => (old.exitCode !== null ? r() : old.once('exit', r)));
        procs.set('pgbouncer', startPgBouncer());
      },
      stop,
    };
  } catch (e) {
    await stop();
    throw e;
  }
}

/**
 * pgBackRest's configuration for the three nodes (pg1-3: their data folders and sockets, all on this
 * machine's disk, which the namespaces share): it finds the primary among them for archiving and
 * backups, and copies a backup's files from a standby (backup-standby).
 */
async function writeHaBackRestConfig(layout, dir) {
  const root = await ownedFolder(dir);
  for (const sub of ['repo', 'log', 'lock', 'spool']) await ownedFolder(path.join(root, sub));
  const file = path.join(root, 'pgbackrest.conf');
  writeFileSync(
    file,
    [
      '[global]',
      `repo1-path=${path.join(root, 'repo')}`,
      'repo1-retention-full=2',
      `log-path=${path.join(root, 'log')}`,
      `lock-path=${path.join(root, 'lock')}`,
      `spool-path=${path.join(root, 'spool')}`,
      'log-level-console=warn',
      'start-fast=y',
      'compress-type=lz4',
      'archive-async=n',
      '',
      `[${STANZA}]`,
      ...layout.nodes.flatMap((n, i) => [
        `pg${i + 1}-path=${path.join(n.dir, 'data')}`,
        `pg${i + 1}-socket-path=${n.dir}`,
        `pg${i + 1}-port=5432`,
        `pg${i + 1}-user=postgres`,
      ]),
      '',
    ].join('\n'),
  );
  chownPostgres(file);
  return file;
}

function startPatroni(layout, node, logFile) {
  return spawnIn(node.ns, {
    user: 'postgres',
    program: '/usr/bin/patroni',
    args: [path.join(node.dir, 'patroni.yml')],
    log: logFile(node.name),
  });
}

let postgresIds;
function chownPostgres(file) {
  if (process.getuid?.() !== 0) return;
  postgresIds ??= (() => {
    const line = execFileSync('id', ['postgres'], { encoding: 'utf8' });
    return { uid: Number(/uid=(\d+)/.exec(line)[1]), gid: Number(/gid=(\d+)/.exec(line)[1]) };
  })();
  chownSync(file, postgresIds.uid, postgresIds.gid);
}
