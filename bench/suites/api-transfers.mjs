// Transfers through the whole HTTP API (auth, PIN, Idempotency-Key, fee, limits, step-up, ledger) beside
// pgledger's pure-SQL transfer on the same PostgreSQL, in interleaved runs: this machine's speed drifts,
// so each run is a pair (portal, pgledger) and its ratio is printed.
//
// Per run: closed loop at BENCH_CLIENTS (50) keep-alive clients for BENCH_SECONDS (10), then pgledger
// through pgbench for as long (bench/suites/_pgledger.js; PGLEDGER_DIR names its copy); then the open
// loop: p50/p99 at each rate of BENCH_RATES (1000,1500 offered per second; "50%": half the lowest
// closed-loop median of the APIs measured, a rate below capacity however busy the machine is). Beside each load: CPU per
// transfer of the API process and of PostgreSQL, the cores the machine left idle (/proc/stat: a load bound by CPU
// leaves none), the API's event-loop delay and GC pauses (its /metrics: monitorEventLoopDelay and GC durations, reset
// by each read), database transactions per transfer (pg_stat_database). BENCH_RUNS (3) runs; medians are reported.
//
// BENCH_BASE=<another checkout> (e.g. `git worktree add --detach /tmp/perf-base main`, with this
// checkout's node_modules linked in) runs that checkout's API in the same runs, interleaved: before
// and after a change measured at the same moments. BENCH_PG_DIAGNOSE=1 restarts each PostgreSQL with
// pg_stat_statements (nested statements too) and track_functions and samples wait events, then prints
// where a transfer's database time goes (statements, functions by own time), in the closed loop and at
// each fixed rate. A CPU profile: BENCH_API_NODE_ARGS="--cpu-prof --cpu-prof-dir=/tmp/prof".
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { apiDir } from '../../scripts/lib/api-start.mjs';
import { speedCheckMs } from '../speed-check.mjs';
import {
  cpuSeconds,
  createUsers,
  idleCoreSeconds,
  median,
  metricSum,
  percentile,
  pg,
  request,
  rssMiB,
  runQueueMs,
  scrapeMetrics,
  signIn,
  startApi,
} from './_portal-api.js';
import { PGLEDGER_CLIENTS, preparePgledger } from './_pgledger.js';

export const name = 'api-transfers';

const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 50);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const RECIPIENTS = Number(process.env.BENCH_RECIPIENTS ?? 450);
const RATES = (process.env.BENCH_RATES ?? '1000,1500').split(',');
const BASE = process.env.BENCH_BASE;
const DIAGNOSE = process.env.BENCH_PG_DIAGNOSE === '1';
const EVENT_LOOP_SAMPLING_MS = 10;

const fixed = (x, digits = 2) => (Number.isFinite(x) ? x.toFixed(digits) : '-');

export async function run() {
  const targets = [];
  try {
    targets.push(await prepareTarget(BASE ? 'this' : 'portal', apiDir));
    if (BASE) targets.push(await prepareTarget('base', path.join(path.resolve(BASE), 'api')));
    const ledger = await preparePgledger(targets[0].api.dbUrl, targets[0].api.pid);
    for (const t of targets) await closedLoop(t, 2); // warm-up: JIT, plan caches, pool
    await ledger?.run(2);

    const ledgerRuns = [];
    for (let k = 0; k < RUNS; k++) {
      // the order turns each run, so a drift of the machine's speed does not always favour one side
      const order = [...targets, ...(ledger ? ['pgledger'] : [])];
      for (const side of [...order.slice(k % order.length), ...order.slice(0, k % order.length)]) {
        if (side === 'pgledger') {
          const r = await ledger.run(SECONDS);
          ledgerRuns.push(r);
          console.log(
            `  run ${k + 1} pgledger: ${Math.round(r.rps)} transfers/s (pgbench, ${PGLEDGER_CLIENTS} clients), latency mean ${fixed(r.latencyMs)} ms, CPU ms/transfer PostgreSQL ${fixed(r.dbCpuMs, 3)}, cores idle ${fixed(r.idleCores)} of ${os.availableParallelism()}`,
          );
        } else {
          const r = await measuredClosedLoop(side, SECONDS);
          side.runs.push(r);
          console.log(`  run ${k + 1} ${side.name}: ${describe(r)}`);
        }
      }
      const pair = [
        ...targets.map((t) => `${t.name} ${Math.round(t.runs[k].rps)}/s`),
        ...(ledger ? [`pgledger ${Math.round(ledgerRuns[k].rps)}/s`] : []),
      ].join(', ');
      const ratios = ledger ? targets.map((t) => `${t.name}/pgledger ${fixed(t.runs[k].rps / ledgerRuns[k].rps)}`) : [];
      if (BASE) ratios.push(`this/base ${fixed(targets[0].runs[k].rps / targets[1].runs[k].rps)}`);
      console.log(
        `  pair ${k + 1}: ${pair}${ratios.length ? `; ratio ${ratios.join(', ')}` : ''}; speed check ${speedCheckMs()} ms`,
      );
    }

    // Open loop: the latency at a rate below capacity (closed-loop latency is clients / throughput by construction).
    const rates = offeredRates(targets);
    for (let k = 0; k < RUNS; k++) {
      for (const rate of rates) {
        for (const t of k % 2 ? [...targets].reverse() : targets) {
          const r = await measuredFixedRate(t, rate, Math.min(SECONDS, 5));
          (t.open.get(rate) ?? t.open.set(rate, []).get(rate)).push(r);
          console.log(
            `  fixed rate ${rate}/s run ${k + 1} ${t.name}: p50 ${fixed(r.p50)} ms, p99 ${fixed(r.p99)} ms (from the ideal schedule ${fixed(r.fromSchedule.p50)} / ${fixed(r.fromSchedule.p99)} ms; this client's tick lateness ${fixed(r.lateness.p50)} / ${fixed(r.lateness.p99)} ms) (${r.n} transfers, ${r.errors} not 201; slow: ${describeSlow(r.slow)}), event loop p99 ${fixed(r.loop.p99)} ms max ${fixed(r.loop.max)} ms, GC ${fixed(r.gc.msPerTransfer, 3)} ms/transfer (${r.gc.over10ms} pauses >= 10 ms), CPU ms/transfer API ${fixed(r.cpuMs.api, 3)} PostgreSQL ${fixed(r.cpuMs.db, 3)}, ${describeQueued(r.cpuMs.queued)}, ${describeIdle(r.cpuMs)}`,
          );
        }
      }
    }

    const rows = [];
    for (const t of targets) {
      const books = await booksOf(t.db);
      console.log(`  books after load (${t.name}): ${JSON.stringify(books)}`);
      rows.push(...rowsOf(t, books, ledgerRuns));
    }
    if (BASE)
      rows.push({
        figure: 'transfers per second this / base',
        value: Number(median(targets[0].runs.map((r, k) => r.rps / targets[1].runs[k].rps)).toFixed(2)),
        unit: 'x',
        what: `median of the per-run ratios: this checkout's API against ${BASE}'s, in the same runs`,
      });
    if (ledger) {
      rows.push(
        {
          figure: 'pgledger transfers per second',
          value: Math.round(median(ledgerRuns.map((r) => r.rps))),
          unit: 'transfers/s',
          what: `pgledger_create_transfer via pgbench, ${PGLEDGER_CLIENTS} clients, 50 accounts, same PostgreSQL, ${SECONDS} s x ${RUNS} runs interleaved with the portal's (median)`,
        },
        {
          figure: 'pgledger CPU per transfer: PostgreSQL',
          value: Number(median(ledgerRuns.map((r) => r.dbCpuMs)).toFixed(3)),
          unit: 'ms',
          what: 'all PostgreSQL processes / transfers (pgbench itself excluded)',
        },
      );
    }
    return rows;
  } finally {
    for (const t of targets) {
      await t.db.end().catch(() => {});
      await t.api.stop();
    }
  }
}

/** BENCH_RATES as transfers per second: "N" as given, "P%" of the lowest closed-loop median throughput. */
function offeredRates(targets) {
  const capacity = Math.min(...targets.map((t) => median(t.runs.map((r) => r.rps))));
  return RATES.map((r) => (r.endsWith('%') ? Math.round((capacity * Number(r.slice(0, -1))) / 100) : Number(r)));
}

/** One API under test: started, users funded, signed in, PIN set. */
async function prepareTarget(label, dir) {
  let api = await startApi(process.env.PG_POOL_MAX ? { PG_POOL_MAX: process.env.PG_POOL_MAX } : {}, { dir }); // default pool: 2 x cores + 2
  if (DIAGNOSE) api = await withStatementStats(api, dir);
  const db = new pg.Client({ connectionString: api.dbUrl });
  await db.connect();
  if (DIAGNOSE) await db.query('CREATE EXTENSION IF NOT EXISTS pg_stat_statements');
  const users = await createUsers(db, CLIENTS);
  const tokens = [];
  for (const [i, u] of users.entries()) {
    tokens.push(await signIn(api.base, u, i));
    const r = await request(api.base, 'POST', '/api/wallet/pin', {
      headers: { authorization: `Bearer ${tokens[i]}` },
      body: { action: 'set_pin', pin: '1234' },
    });
    if (r.status !== 200) throw new Error(`set_pin: ${r.status} ${r.body}`);
  }
  // Recipients: the other senders and RECIPIENTS more users (no sign-in needed), spread like real
  // traffic; senders also receive, so transfers run in opposite directions between the same wallets.
  const others = await createUsers(db, RECIPIENTS, [], 'benchrcpt');
  const everyone = [...users, ...others];
  let seed = 12345;
  const rand = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
  const body = (i) => {
    let to = Math.floor(rand() * everyone.length);
    if (to === i) to = (to + 1) % everyone.length;
    return JSON.stringify({
      recipientId: everyone[to].id,
      assetSymbol: 'USD',
      amount: `0.${String(1 + Math.floor(rand() * 98)).padStart(2, '0')}`,
      description: 'bench',
      pin: '1234',
    });
  };
  // A keep-alive connection idle for the server's timeout (5 s, at a low offered rate) can be closed
  // just as it is reused: the same request goes again, safely, under its Idempotency-Key.
  const send = async (i) => {
    const transfer = {
      headers: { authorization: `Bearer ${tokens[i]}`, 'idempotency-key': crypto.randomUUID() },
      body: body(i),
    };
    for (let attempt = 1; ; attempt++) {
      try {
        return await request(api.base, 'POST', '/api/wallet/transfers', transfer);
      } catch (e) {
        if (e.code !== 'ECONNRESET' || attempt === 3) throw e;
      }
    }
  };
  return { name: label, api, db, tokens, send, runs: [], open: new Map() };
}

/** The same PostgreSQL restarted with pg_stat_statements (shared_preload_libraries needs a restart). */
async function withStatementStats(api, dir) {
  const db = new pg.Client({ connectionString: api.dbUrl });
  await db.connect();
  await db.query(`ALTER SYSTEM SET shared_preload_libraries = 'pg_stat_statements'`);
  await db.query(`ALTER SYSTEM SET pg_stat_statements.track = 'all'`);
  await db.query(`ALTER SYSTEM SET track_functions = 'all'`);
  await db.end();
  await api.stop({ keepHome: true });
  const again = await startApi(process.env.PG_POOL_MAX ? { PG_POOL_MAX: process.env.PG_POOL_MAX } : {}, {
    dir,
    home: api.home,
  });
  return { ...again, stop: () => again.stop().finally(() => fs.rmSync(api.home, { recursive: true, force: true })) };
}

/**
 * CPU seconds so far of the API process, of its PostgreSQL, of this load client; then the milliseconds each
 * spent runnable with no core free (the scheduler's run queue: on 2 cores the three take turns); then the
 * machine's idle core-seconds and the clock.
 */
const cpuOf = (t) => [
  cpuSeconds(t.api.pid),
  cpuSeconds(t.api.pid, true),
  cpuSeconds(process.pid),
  runQueueMs(t.api.pid),
  runQueueMs(t.api.pid, true),
  runQueueMs(process.pid),
  idleCoreSeconds(),
  performance.now() / 1000,
];
const cpuPerTransfer = (before, after, n) => ({
  api: ((after[0] - before[0]) * 1000) / n,
  db: ((after[1] - before[1]) * 1000) / n,
  client: ((after[2] - before[2]) * 1000) / n,
  queued: { api: (after[3] - before[3]) / n, db: (after[4] - before[4]) / n, client: (after[5] - before[5]) / n },
  idleCores: (after[6] - before[6]) / (after[7] - before[7]),
});
const describeQueued = (q) =>
  `waiting for a core ms/transfer API ${fixed(q.api, 3)} PostgreSQL ${fixed(q.db, 3)} load client ${fixed(q.client, 3)}`;
/** Cores left idle: a load bound by CPU leaves none; one bound by waiting (a relay, a lock, a disk) leaves some. */
const describeIdle = (cpu) => `cores idle ${fixed(cpu.idleCores)} of ${os.availableParallelism()}`;

/** Event-loop delay and GC of the API since the previous read of /metrics (each read resets the delay histogram). */
function runtimeOf(before, after, n) {
  const gc = (suffix) =>
    metricSum(after, `portal_nodejs_gc_duration_seconds_${suffix}`) -
    metricSum(before, `portal_nodejs_gc_duration_seconds_${suffix}`);
  const under10ms = (values) =>
    Object.entries(values)
      .filter(([k]) => k.startsWith('portal_nodejs_gc_duration_seconds_bucket{') && k.includes('le="0.01"'))
      .reduce((s, [, v]) => s + v, 0);
  // The lag figures include the sampling interval (EVENT_LOOP_SAMPLING_MS, api/src/platform/metrics/index.ts):
  // an idle API reads 10.1 ms; the delay is what is left after it.
  const ms = (metric) => Math.max(0, metricSum(after, metric) * 1000 - EVENT_LOOP_SAMPLING_MS);
  return {
    loop: {
      p50: ms('portal_nodejs_eventloop_lag_p50_seconds'),
      p99: ms('portal_nodejs_eventloop_lag_p99_seconds'),
      max: ms('portal_nodejs_eventloop_lag_max_seconds'),
    },
    gc: { msPerTransfer: (gc('sum') * 1000) / n, over10ms: gc('count') - (under10ms(after) - under10ms(before)) },
  };
}

/** Closed loop: every client sends again as soon as it has its answer. */
async function closedLoop(t, seconds) {
  const latencies = [];
  const statuses = {};
  const end = Date.now() + seconds * 1000;
  const started = performance.now();
  await Promise.all(
    t.tokens.map(async (_, i) => {
      while (Date.now() < end) {
        const r = await t.send(i);
        statuses[r.status] = (statuses[r.status] ?? 0) + 1;
        latencies.push(r.ms);
      }
    }),
  );
  return { latencies, statuses, seconds: (performance.now() - started) / 1000 };
}

async function measuredClosedLoop(t, seconds) {
  const xacts = async () =>
    Number(
      (await t.db.query(`SELECT xact_commit + xact_rollback AS x FROM pg_stat_database WHERE datname = 'portal'`))
        .rows[0].x,
    );
  const x0 = await xacts();
  if (DIAGNOSE) await resetStatements(t);
  const waits = DIAGNOSE ? sampleWaits(t) : null;
  const m0 = await scrapeMetrics(t.api.base);
  const cpu0 = cpuOf(t);
  let rssMax = 0;
  const sampler = setInterval(() => (rssMax = Math.max(rssMax, rssMiB(t.api.pid))), 250);
  const { latencies, statuses, seconds: took } = await closedLoop(t, seconds);
  clearInterval(sampler);
  const cpu1 = cpuOf(t);
  const m1 = await scrapeMetrics(t.api.base);
  const n = latencies.length || 1;
  const waited = await waits?.stop();
  if (DIAGNOSE) await printStatements(t, statuses[201] ?? 0, waited);
  await new Promise((res) => setTimeout(res, 600)); // stats flush
  latencies.sort((a, b) => a - b);
  return {
    rps: (statuses[201] ?? 0) / took,
    p50: percentile(latencies, 50),
    p90: percentile(latencies, 90),
    p99: percentile(latencies, 99),
    statuses,
    rssMax,
    xactPerTransfer: ((await xacts()) - x0) / n,
    cpuMs: cpuPerTransfer(cpu0, cpu1, n),
    ...runtimeOf(m0, m1, n),
  };
}

const describe = (r) =>
  `${Math.round(r.rps)} transfers/s, p50 ${fixed(r.p50)} ms, p90 ${fixed(r.p90)} ms, p99 ${fixed(r.p99)} ms, statuses ${JSON.stringify(r.statuses)}, db transactions/transfer ${fixed(r.xactPerTransfer)}, CPU ms/transfer API ${fixed(r.cpuMs.api, 3)} PostgreSQL ${fixed(r.cpuMs.db, 3)} load client ${fixed(r.cpuMs.client, 3)}, ${describeQueued(r.cpuMs.queued)}, ${describeIdle(r.cpuMs)}, event loop p50/p99/max ${fixed(r.loop.p50)}/${fixed(r.loop.p99)}/${fixed(r.loop.max)} ms, GC ${fixed(r.gc.msPerTransfer, 3)} ms/transfer (${r.gc.over10ms} pauses >= 10 ms), RSS max ${fixed(r.rssMax, 0)} MiB`;

/**
 * Open loop: requests offered at a fixed rate over the same connections (one in flight per client; an
 * arrival finding all of them busy waits for the next free one and its wait counts in its latency).
 * A request's latency runs from the moment this client offers it (the tick that finds it due) to its
 * answer. Node's timers tick every millisecond at best and this process shares the 2 cores, so a tick
 * runs 1-3 ms after the ideal schedule: that lateness is this client's, not the portal's; it is measured
 * and printed beside the figures (`lateness`), and latency from the ideal schedule too (`fromSchedule`).
 */
async function fixedRate(t, rate, seconds) {
  const latencies = [];
  const fromSchedule = [];
  const lateness = [];
  const offeredAt = []; // [offered ms since the start, latency ms] of each 201, for the slow requests' bursts
  const free = t.tokens.map((_, i) => i);
  const waiting = [];
  let sent = 0;
  let errors = 0;
  const fire = (i, arrival) => {
    // a request that fails outright counts as not 201 (the run goes on and stops its APIs at the end)
    t.send(i)
      .then(
        (r) => {
          if (r.status !== 201) return errors++;
          const now = process.hrtime.bigint();
          latencies.push(Number(now - arrival.offered) / 1e6);
          offeredAt.push([Number(arrival.offered - start) / 1e6, latencies.at(-1)]);
          fromSchedule.push(Number(now - arrival.due) / 1e6);
        },
        () => errors++,
      )
      .then(() => {
        const next = waiting.shift();
        if (next !== undefined) fire(i, next);
        else free.push(i);
      });
  };
  const start = process.hrtime.bigint();
  const total = rate * seconds;
  await new Promise((resolve) => {
    const tick = setInterval(() => {
      const offered = process.hrtime.bigint();
      const due = Math.min(total, Math.floor((Number(offered - start) / 1e9) * rate));
      for (; sent < due; sent++) {
        const arrival = { due: start + BigInt(Math.round((sent / rate) * 1e9)), offered };
        lateness.push(Number(offered - arrival.due) / 1e6);
        const i = free.pop();
        if (i === undefined) waiting.push(arrival);
        else fire(i, arrival);
      }
      if (sent >= total) {
        clearInterval(tick);
        resolve();
      }
    }, 1);
  });
  while (latencies.length + errors < total) await new Promise((r) => setTimeout(r, 20));
  for (const xs of [latencies, fromSchedule, lateness]) xs.sort((a, b) => a - b);
  return {
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    fromSchedule: { p50: percentile(fromSchedule, 50), p99: percentile(fromSchedule, 99) },
    lateness: { p50: percentile(lateness, 50), p99: percentile(lateness, 99) },
    slow: slowBursts(offeredAt),
    n: latencies.length,
    errors,
  };
}

/**
 * How the slow requests (over SLOW_MS) come: alone, or in bursts (offered within BURST_GAP_MS of the
 * previous slow one). A burst of N slow requests over about N ms at 1,000/s is one hold-up that every
 * request offered meanwhile waited behind (docs/decisions.md "The slow 1 % at 1,000/s, request by request").
 */
const SLOW_MS = 10;
const BURST_GAP_MS = 30;
function slowBursts(offeredAt) {
  const slow = offeredAt
    .filter(([, ms]) => ms > SLOW_MS)
    .map(([at]) => at)
    .sort((a, b) => a - b);
  const bursts = [];
  for (const at of slow) {
    const last = bursts.at(-1);
    if (last && at - last.to <= BURST_GAP_MS) Object.assign(last, { to: at, n: last.n + 1 });
    else bursts.push({ from: at, to: at, n: 1 });
  }
  const longest = bursts.reduce((a, b) => (b.n > (a?.n ?? 0) ? b : a), undefined);
  return {
    n: slow.length,
    bursts: bursts.length,
    longest: longest ? { n: longest.n, ms: longest.to - longest.from } : null,
  };
}
const describeSlow = (s) =>
  `${s.n} over ${SLOW_MS} ms in ${s.bursts} burst(s)${s.longest ? `, the longest ${s.longest.n} requests offered over ${fixed(s.longest.ms, 0)} ms` : ''}`;

async function measuredFixedRate(t, rate, seconds) {
  if (DIAGNOSE) await resetStatements(t);
  const waits = DIAGNOSE ? sampleWaits(t) : null;
  const m0 = await scrapeMetrics(t.api.base);
  const cpu0 = cpuOf(t);
  const r = await fixedRate(t, rate, seconds);
  const cpu1 = cpuOf(t);
  const m1 = await scrapeMetrics(t.api.base);
  if (DIAGNOSE) await printStatements(t, r.n, await waits.stop(), `${t.name} at ${rate}/s`);
  const n = r.n + r.errors || 1;
  return { ...r, cpuMs: cpuPerTransfer(cpu0, cpu1, n), ...runtimeOf(m0, m1, n) };
}

/** Wait events of the portal's active backends, sampled every 20 ms during a load (diagnosis only). */
function sampleWaits(t) {
  const probe = new pg.Client({ connectionString: t.api.dbUrl });
  const counts = {};
  let samples = 0;
  let on = true;
  const done = (async () => {
    await probe.connect();
    while (on) {
      const { rows } = await probe.query(
        `SELECT coalesce(wait_event_type || ':' || wait_event, 'CPU') AS w, count(*)::int AS n FROM pg_stat_activity
          WHERE datname = 'portal' AND state = 'active' AND pid <> pg_backend_pid() GROUP BY 1`,
      );
      samples++;
      for (const r of rows) counts[r.w] = (counts[r.w] ?? 0) + r.n;
      await new Promise((res) => setTimeout(res, 20));
    }
    await probe.end();
  })();
  return {
    async stop() {
      on = false;
      await done;
      return { samples, counts };
    },
  };
}

/** pg_stat_statements starts again; function counters (cumulative) are kept to subtract. */
async function resetStatements(t) {
  await t.db.query('SELECT pg_stat_statements_reset()');
  t.functionsBefore = await functionTimes(t.db);
}

const functionTimes = async (db) =>
  new Map(
    (await db.query('SELECT funcname, calls, self_time FROM pg_stat_user_functions')).rows.map((r) => [
      r.funcname,
      { calls: Number(r.calls), self: r.self_time },
    ]),
  );

/** Where the database time of a transfer goes: statements per transfer, the costliest ones, wait events. */
async function printStatements(t, transfers, waited, label = t.name) {
  const { rows } = await t.db.query(
    `SELECT toplevel, calls, total_exec_time AS ms, max_exec_time AS max, regexp_replace(left(query, 110), '\\s+', ' ', 'g') AS q
       FROM pg_stat_statements JOIN pg_database d ON d.oid = dbid
      WHERE d.datname = 'portal' AND query NOT LIKE '%pg_stat%' ORDER BY total_exec_time DESC`,
  );
  const top = rows.filter((r) => r.toplevel);
  const perTransfer = (x) => (Number(x) / (transfers || 1)).toFixed(2);
  const topTotal = top.reduce((s, r) => s + r.ms, 0);
  console.log(
    `  ${label}: ${perTransfer(top.reduce((s, r) => s + Number(r.calls), 0))} statements (round trips) per transfer, ${fixed(topTotal / (transfers || 1), 3)} ms of execution per transfer; by time:`,
  );
  for (const r of rows.slice(0, 14))
    console.log(
      `    ${r.toplevel ? 'top   ' : 'nested'} ${perTransfer(r.calls)}/transfer ${fixed(r.ms / (transfers || 1), 3)} ms/transfer, slowest ${fixed(r.max, 1)} ms  ${r.q}`,
    );
  const before = t.functionsBefore ?? new Map();
  const functions = [...(await functionTimes(t.db))]
    .map(([name, f]) => ({
      name,
      calls: f.calls - (before.get(name)?.calls ?? 0),
      self: f.self - (before.get(name)?.self ?? 0),
    }))
    .filter((f) => f.calls > 0)
    .sort((a, b) => b.self - a.self);
  console.log(
    `    functions by own time per transfer: ${functions
      .slice(0, 12)
      .map((f) => `${f.name} ${fixed(f.self / (transfers || 1), 3)} ms (${perTransfer(f.calls)} calls)`)
      .join(', ')}`,
  );
  if (waited) {
    const busy = Object.entries(waited.counts).sort((a, b) => b[1] - a[1]);
    console.log(
      `    active backends by wait event (mean over ${waited.samples} samples): ${busy.map(([w, n]) => `${w} ${(n / waited.samples).toFixed(2)}`).join(', ')}`,
    );
  }
}

/** The books after the load: every asset's entries sum to zero, wallets equal their entries, none negative. */
async function booksOf(db) {
  return (
    await db.query(`SELECT
        (SELECT count(*) FROM (SELECT asset_id FROM ledger_entries GROUP BY asset_id HAVING sum(amount) <> 0) x) AS unbalanced_assets,
        (SELECT count(*) FROM user_wallets w WHERE w.balance <> (SELECT coalesce(sum(amount), 0) FROM ledger_entries e WHERE e.wallet_id = w.id)) AS drifted_wallets,
        (SELECT count(*) FROM user_wallets WHERE balance < 0) AS negative`)
  ).rows[0];
}

function rowsOf(t, books, ledgerRuns) {
  const of = (pick, digits = 2) => Number(median(t.runs.map(pick)).toFixed(digits));
  const who = t.name === 'portal' ? '' : ` (${t.name})`;
  const errors = t.runs.reduce(
    (s, r) => s + Object.entries(r.statuses).reduce((a, [st, c]) => a + (st === '201' ? 0 : c), 0),
    0,
  );
  const rps = median(t.runs.map((r) => r.rps));
  return [
    {
      figure: `transfers per second${who}`,
      value: Math.round(rps),
      unit: 'transfers/s',
      what: `POST /api/wallet/transfers, ${CLIENTS} keep-alive clients (senders) to ${CLIENTS + RECIPIENTS} users, ${SECONDS} s x ${RUNS} runs (median), auth+PIN+idempotency+fee+limits+step-up+ledger`,
    },
    ...(ledgerRuns.length
      ? [
          {
            figure: `transfers per second / pgledger${who}`,
            value: of((r, i) => r.rps / ledgerRuns[i].rps),
            unit: 'x',
            what: 'median of the per-run ratios (each run: the portal, then pgledger, moments apart)',
          },
        ]
      : []),
    {
      figure: `transfer latency p50${who}`,
      value: of((r) => r.p50),
      unit: 'ms',
      what: 'closed loop, client-side, median of runs',
    },
    {
      figure: `transfer latency p99${who}`,
      value: of((r) => r.p99),
      unit: 'ms',
      what: 'closed loop, client-side, median of runs',
    },
    ...[...t.open].flatMap(([rate, rs]) => [
      {
        figure: `latency p50 at ${rate}/s offered${who}`,
        value: Number(median(rs.map((r) => r.p50)).toFixed(2)),
        unit: 'ms',
        what: `open loop, ${CLIENTS} connections, from the moment the client offers it (waiting for a free connection included), median of runs`,
      },
      {
        figure: `latency p50 at ${rate}/s from the ideal schedule${who}`,
        value: Number(median(rs.map((r) => r.fromSchedule.p50)).toFixed(2)),
        unit: 'ms',
        what: `the same requests timed from when they were due: + this client's timer lateness (p50 ${fixed(median(rs.map((r) => r.lateness.p50)))} ms)`,
      },
      {
        figure: `latency p99 at ${rate}/s offered${who}`,
        value: Number(median(rs.map((r) => r.p99)).toFixed(2)),
        unit: 'ms',
        what: 'open loop, median of runs',
      },
      {
        figure: `latency p99 at ${rate}/s from the ideal schedule${who}`,
        value: Number(median(rs.map((r) => r.fromSchedule.p99)).toFixed(2)),
        unit: 'ms',
        what: `+ this client's timer lateness (p99 ${fixed(median(rs.map((r) => r.lateness.p99)))} ms)`,
      },
      {
        figure: `waiting for a core at ${rate}/s${who}`,
        value: Number(median(rs.map((r) => r.cpuMs.queued.api + r.cpuMs.queued.db + r.cpuMs.queued.client)).toFixed(3)),
        unit: 'ms/transfer',
        what: 'time the API, its PostgreSQL (live backends) and this client were runnable with no core free (/proc schedstat), median of runs',
      },
      {
        figure: `event-loop delay p99 at ${rate}/s${who}`,
        value: Number(median(rs.map((r) => r.loop.p99)).toFixed(2)),
        unit: 'ms',
        what: 'API process, monitorEventLoopDelay (its /metrics) over the load, median of runs',
      },
    ]),
    {
      figure: `event-loop delay p99, closed loop${who}`,
      value: of((r) => r.loop.p99),
      unit: 'ms',
      what: `API process at ${CLIENTS} clients, median of runs`,
    },
    {
      figure: `GC per transfer${who}`,
      value: of((r) => r.gc.msPerTransfer, 3),
      unit: 'ms',
      what: 'API process GC pause time / requests, closed loop',
    },
    {
      figure: `database transactions per transfer${who}`,
      value: of((r) => r.xactPerTransfer),
      unit: 'xacts',
      what: 'pg_stat_database commits+rollbacks / requests (one statement = one round trip)',
    },
    {
      figure: `CPU per transfer: API${who}`,
      value: of((r) => r.cpuMs.api, 3),
      unit: 'ms',
      what: 'API process user+system CPU / requests, closed loop',
    },
    {
      figure: `CPU per transfer: PostgreSQL${who}`,
      value: of((r) => r.cpuMs.db, 3),
      unit: 'ms',
      what: 'all PostgreSQL processes / requests, closed loop',
    },
    {
      figure: `capacity from CPU (API + PostgreSQL)${who}`,
      value: Math.round(2000 / (of((r) => r.cpuMs.api, 3) + of((r) => r.cpuMs.db, 3))),
      unit: 'transfers/s',
      what: '2 cores / (API + PostgreSQL CPU per transfer): the ceiling on an otherwise idle 2-core machine, load client excluded',
    },
    {
      figure: `API RSS (max during load)${who}`,
      value: Math.round(Math.max(...t.runs.map((r) => r.rssMax))),
      unit: 'MiB',
      what: 'API node process VmRSS',
    },
    {
      figure: `non-201 answers${who}`,
      value: errors,
      unit: 'requests',
      what: `books after load: ${books.unbalanced_assets} unbalanced assets, ${books.drifted_wallets} drifted wallets, ${books.negative} negative`,
    },
  ];
}
