// Helper of the API bench suites (.js, so bench/run.mjs does not load it as a suite).
// Shared by the API bench suites (not a suite: no `name`/`run`): starts the real API with a fresh
// PORTAL_HOME (embedded PostgreSQL in a temp dir), creates users through SQL + the ledger, signs them
// in through HTTP, and stops everything afterwards.
import { spawn } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { apiDir, apiStartArgs } from '../../scripts/lib/api-start.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
export const repo = path.resolve(here, '..', '..');
const require = createRequire(path.join(apiDir, 'package.json'));
export const pg = require('pg');

export function freePort() {
  return new Promise((resolve, reject) => {
    const srv = net
      .createServer()
      .listen(0, '127.0.0.1', () => {
        const { port } = srv.address();
        srv.close(() => resolve(port));
      })
      .on('error', reject);
  });
}

export const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};
export const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];

export function rssMiB(pid) {
  try {
    const m = fs.readFileSync(`/proc/${pid}/status`, 'utf8').match(/VmRSS:\s+(\d+) kB/);
    return m ? Number(m[1]) / 1024 : NaN;
  } catch {
    return NaN;
  }
}

/** The ids of a process's live descendants (its PostgreSQL: postmaster, backends, helpers). */
function descendants(pid) {
  const found = [];
  const walk = (p) => {
    for (const t of fs.existsSync(`/proc/${p}/task`) ? fs.readdirSync(`/proc/${p}/task`) : []) {
      let kids = '';
      try {
        kids = fs.readFileSync(`/proc/${p}/task/${t}/children`, 'utf8');
      } catch {
        /* gone */
      }
      for (const k of kids.trim().split(/\s+/).filter(Boolean)) {
        found.push(k);
        walk(k);
      }
    }
  };
  walk(pid);
  return found;
}

/**
 * CPU seconds (user+system) used so far by a process or, with `tree`, by all its descendants
 * (PostgreSQL), those that already exited included (a backend of a closed connection is counted in
 * its parent's cutime/cstime once reaped).
 */
export function cpuSeconds(pid, tree = false) {
  const tck = 100; // USER_HZ on Linux
  const one = (p) => {
    try {
      const f = fs.readFileSync(`/proc/${p}/stat`, 'utf8').split(') ')[1].split(' ');
      const own = Number(f[11]) + Number(f[12]); // utime, stime (fields 14, 15)
      return (tree ? own + Number(f[13]) + Number(f[14]) : own) / tck; // cutime, cstime (16, 17): reaped children
    } catch {
      return 0;
    }
  };
  return tree ? descendants(pid).reduce((sum, p) => sum + one(p), 0) : one(pid);
}

/**
 * Core-seconds this machine's cores have been idle (idle + iowait of /proc/stat's "cpu" line), so a load
 * can say how much of the machine it left unused: a load bound by CPU leaves none.
 */
export function idleCoreSeconds() {
  const f = fs.readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/);
  return (Number(f[4]) + Number(f[5])) / 100; // USER_HZ
}

/**
 * Milliseconds the threads of a process (or, with `tree`, of its live descendants) spent runnable with
 * no core free (/proc/<pid>/task/<tid>/schedstat, second field). Exited backends are not counted.
 */
export function runQueueMs(pid, tree = false) {
  const threads = (p) => {
    let ms = 0;
    for (const t of fs.existsSync(`/proc/${p}/task`) ? fs.readdirSync(`/proc/${p}/task`) : []) {
      try {
        ms += Number(fs.readFileSync(`/proc/${p}/task/${t}/schedstat`, 'utf8').split(' ')[1]) / 1e6;
      } catch {
        /* gone */
      }
    }
    return ms;
  };
  return tree ? descendants(pid).reduce((sum, p) => sum + threads(p), 0) : threads(pid);
}

/**
 * Starts the API as its start script does, in api/ (or `dir`: another checkout's api/) with a temp
 * PORTAL_HOME (or `home`, kept on stop); resolves when /api/health answers.
 */
export async function startApi(extraEnv = {}, { dir = apiDir, home: given } = {}) {
  const home = given ?? fs.mkdtempSync(path.join(os.tmpdir(), 'portal-bench-'));
  fs.chmodSync(home, 0o755);
  const port = await freePort();
  const pgPort = await freePort();
  const child = spawn(
    process.execPath,
    [...(process.env.BENCH_API_NODE_ARGS ?? '').split(' ').filter(Boolean), ...apiStartArgs],
    {
      cwd: dir,
      env: {
        ...process.env,
        PORT: String(port),
        PORTAL_HOME: home,
        PORTAL_PG_PORT: String(pgPort),
        LOG_LEVEL: 'warn',
        TRUST_PROXY: '1',
        NODE_ENV: 'development',
        ...extraEnv,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let log = '';
  child.stdout.on('data', (d) => {
    log += d;
  });
  child.stderr.on('data', (d) => {
    log += d;
  });
  const base = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`API exited: ${log}`);
    try {
      const r = await fetch(`${base}/api/health`);
      if (r.ok) break;
    } catch {
      /* not yet */
    }
    if (Date.now() > deadline) throw new Error(`API did not start: ${log}`);
    await new Promise((r) => setTimeout(r, 250));
  }
  const dbUrl = `postgresql://postgres:postgres@127.0.0.1:${pgPort}/portal`;
  /** `keepHome`: leave PORTAL_HOME (the database) for another start. */
  const stop = async ({ keepHome = false } = {}) => {
    child.kill('SIGTERM');
    await new Promise((r) => {
      if (child.exitCode !== null) r();
      else child.once('exit', r);
      setTimeout(r, 20_000);
    });
    if (!given && !keepHome) fs.rmSync(home, { recursive: true, force: true });
  };
  return { base, port, pid: child.pid, home, dbUrl, stop, log: () => log };
}

/** n users with the demo password (hash copied from the seeded demo user), each with `funds` deposited through the ledger. */
export async function createUsers(db, n, funds = [['USD', '100000.00']], prefix = 'bench') {
  const users = [];
  for (let i = 0; i < n; i++) {
    const email = `${prefix}${i}-${crypto.randomBytes(3).toString('hex')}@bench.test`;
    const { rows } = await db.query(
      `WITH nu AS (INSERT INTO users (email, password_hash, email_confirmed_at)
                   SELECT $1, password_hash, now() FROM users WHERE email = 'demo@portal.test' RETURNING id)
       INSERT INTO profiles (id, full_name, username) SELECT id, $2, $3 FROM nu RETURNING id`,
      [email, `Bench User ${i}`, `${prefix}_${i}_${crypto.randomBytes(2).toString('hex')}`],
    );
    const id = rows[0].id;
    for (const [symbol, amount] of funds) {
      await db.query(
        `SELECT * FROM ledger_post_transfer('deposit', $1, NULL, 'deposits', $2, NULL, $3::numeric, 'Bench deposit')`,
        [symbol, id, amount],
      );
    }
    users.push({ id, email });
  }
  return users;
}

/** Real sign-in through the API (distinct X-Forwarded-For per user: the per-IP sign-in limit is 30 / 15 min). */
export async function signIn(base, user, i) {
  const r = await fetch(`${base}/api/auth/token?grant_type=password`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': `10.9.${Math.floor(i / 250)}.${(i % 250) + 1}` },
    body: JSON.stringify({ email: user.email, password: 'Portal-demo-2026' }),
  });
  if (!r.ok) throw new Error(`sign-in ${user.email}: ${r.status} ${await r.text()}`);
  return (await r.json()).access_token;
}

export const agent = new http.Agent({ keepAlive: true, maxSockets: 256 });

/** One request on the keep-alive agent: resolves { status, ms, body }. */
export function request(base, method, pathname, { headers = {}, body } = {}) {
  return new Promise((resolve, reject) => {
    const started = process.hrtime.bigint();
    const payload =
      body === undefined ? undefined : Buffer.from(typeof body === 'string' ? body : JSON.stringify(body));
    const req = http.request(
      `${base}${pathname}`,
      {
        method,
        agent,
        headers: {
          ...headers,
          ...(payload ? { 'content-type': 'application/json', 'content-length': payload.length } : {}),
        },
      },
      (res) => {
        const chunks = [];
        res.on('data', (c) => chunks.push(c));
        res.on('end', () =>
          resolve({
            status: res.statusCode,
            ms: Number(process.hrtime.bigint() - started) / 1e6,
            body: Buffer.concat(chunks).toString('utf8'),
          }),
        );
      },
    );
    req.on('error', reject);
    if (payload) req.write(payload);
    req.end();
  });
}

/** The API's Prometheus text (GET /metrics, development, loopback) as { 'name{labels}': value }. */
export async function scrapeMetrics(base) {
  const text = await (await fetch(`${base}/metrics`)).text();
  const values = {};
  for (const line of text.split('\n')) {
    if (!line || line.startsWith('#')) continue;
    const at = line.lastIndexOf(' ');
    values[line.slice(0, at)] = Number(line.slice(at + 1));
  }
  return values;
}

/** The sum of a metric's series whose name and labels start with `prefix` (e.g. 'portal_nodejs_gc_duration_seconds_sum'). */
export const metricSum = (values, prefix) =>
  Object.entries(values)
    .filter(([k]) => k === prefix || k.startsWith(`${prefix}{`))
    .reduce((s, [, v]) => s + v, 0);
