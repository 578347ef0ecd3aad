// Transfers per second and latency through the whole HTTP API (auth, PIN, Idempotency-Key, fee,
// limits, ledger) at 50 concurrent keep-alive clients; API process RSS; database transactions per
// transfer (pg_stat_database.xact_commit delta / transfers = round trips of the transfer path).
// Fresh PORTAL_HOME (embedded PostgreSQL) in a temp dir; 3 runs, the median is reported.
import crypto from 'node:crypto';
import { cpuSeconds, createUsers, median, percentile, pg, request, rssMiB, signIn, startApi } from './_portal-api.js';

export const name = 'api-transfers';

const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 50);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const RECIPIENTS = Number(process.env.BENCH_RECIPIENTS ?? 450);

export async function run() {
  const api = await startApi(process.env.PG_POOL_MAX ? { PG_POOL_MAX: process.env.PG_POOL_MAX } : {}); // default pool: 2 x cores + 2
  const db = new pg.Client({ connectionString: api.dbUrl });
  await db.connect();
  try {
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
    const pool = [...users, ...others];
    let seed = 12345;
    const rand = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    const body = (i) => {
      let to = Math.floor(rand() * pool.length);
      if (to === i) to = (to + 1) % pool.length;
      return JSON.stringify({
        recipientId: pool[to].id,
        assetSymbol: 'USD',
        amount: `0.${String(1 + Math.floor(rand() * 98)).padStart(2, '0')}`,
        description: 'bench',
        pin: '1234',
      });
    };
    async function load(seconds) {
      const latencies = [];
      const statuses = {};
      let rssMax = 0;
      const end = Date.now() + seconds * 1000;
      const cpu0 = [cpuSeconds(api.pid), cpuSeconds(api.pid, true), cpuSeconds(process.pid)];
      const sampler = setInterval(() => {
        rssMax = Math.max(rssMax, rssMiB(api.pid));
      }, 250);
      const started = performance.now();
      await Promise.all(
        tokens.map(async (token, i) => {
          while (Date.now() < end) {
            const r = await request(api.base, 'POST', '/api/wallet/transfers', {
              headers: { authorization: `Bearer ${token}`, 'idempotency-key': crypto.randomUUID() },
              body: body(i),
            });
            statuses[r.status] = (statuses[r.status] ?? 0) + 1;
            latencies.push(r.ms);
          }
        }),
      );
      const seconds_ = (performance.now() - started) / 1000;
      clearInterval(sampler);
      const cpu1 = [cpuSeconds(api.pid), cpuSeconds(api.pid, true), cpuSeconds(process.pid)];
      const n = latencies.length || 1;
      const cpuMs = {
        api: ((cpu1[0] - cpu0[0]) * 1000) / n,
        db: ((cpu1[1] - cpu0[1]) * 1000) / n,
        client: ((cpu1[2] - cpu0[2]) * 1000) / n,
      };
      latencies.sort((a, b) => a - b);
      return {
        rps: (statuses[201] ?? 0) / seconds_,
        p50: percentile(latencies, 50),
        p90: percentile(latencies, 90),
        p99: percentile(latencies, 99),
        statuses,
        rssMax,
        count: latencies.length,
        cpuMs,
      };
    }

    await load(2); // warm-up: JIT, plan caches, pool
    const runs = [];
    for (let k = 0; k < RUNS; k++) {
      const before = (
        await db.query(`SELECT xact_commit + xact_rollback AS x FROM pg_stat_database WHERE datname = 'portal'`)
      ).rows[0].x;
      const r = await load(SECONDS);
      await new Promise((res) => setTimeout(res, 600)); // stats flush
      const after = (
        await db.query(`SELECT xact_commit + xact_rollback AS x FROM pg_stat_database WHERE datname = 'portal'`)
      ).rows[0].x;
      r.xactPerTransfer = (Number(after) - Number(before)) / r.count;
      runs.push(r);
      console.log(
        `  run ${k + 1}: ${Math.round(r.rps)} transfers/s, p50 ${r.p50.toFixed(2)} ms, p90 ${r.p90.toFixed(2)} ms, p99 ${r.p99.toFixed(2)} ms, RSS max ${r.rssMax.toFixed(0)} MiB, statuses ${JSON.stringify(r.statuses)}, db transactions/transfer ${r.xactPerTransfer.toFixed(2)}, CPU ms/transfer API ${r.cpuMs.api.toFixed(3)} PostgreSQL ${r.cpuMs.db.toFixed(3)} load client ${r.cpuMs.client.toFixed(3)}`,
      );
    }
    // Open loop: requests offered at a fixed rate over the same 50 connections (one in flight per
    // client; an arrival finding all 50 busy waits for the next free one and its wait counts in its
    // latency). Closed-loop latency above is 50 / throughput by construction; this is the latency at a rate.
    async function fixedRate(rate, seconds) {
      const latencies = [];
      const free = tokens.map((_, i) => i);
      const waiting = [];
      let sent = 0;
      const fire = (i, arrived) => {
        request(api.base, 'POST', '/api/wallet/transfers', {
          headers: { authorization: `Bearer ${tokens[i]}`, 'idempotency-key': crypto.randomUUID() },
          body: body(i),
        }).then((r) => {
          if (r.status === 201) latencies.push(Number(process.hrtime.bigint() - arrived) / 1e6);
          const next = waiting.shift();
          if (next !== undefined) fire(i, next);
          else free.push(i);
        });
      };
      const start = process.hrtime.bigint();
      const total = rate * seconds;
      await new Promise((resolve) => {
        const tick = setInterval(() => {
          const due = Math.min(total, Math.floor((Number(process.hrtime.bigint() - start) / 1e9) * rate));
          for (; sent < due; sent++) {
            const arrived = start + BigInt(Math.round((sent / rate) * 1e9));
            const i = free.pop();
            if (i === undefined) waiting.push(arrived);
            else fire(i, arrived);
          }
          if (sent >= total) {
            clearInterval(tick);
            resolve();
          }
        }, 2);
      });
      while (latencies.length < total && free.length < tokens.length) await new Promise((r) => setTimeout(r, 20));
      latencies.sort((a, b) => a - b);
      return { p50: percentile(latencies, 50), p99: percentile(latencies, 99), n: latencies.length };
    }
    // The latency curve below capacity: p50/p99 at fixed offered rates (BENCH_RATES, comma-separated).
    const RATES = (process.env.BENCH_RATES ?? '1000,1500').split(',').map(Number);
    const open = new Map(RATES.map((rate) => [rate, []]));
    for (let k = 0; k < RUNS; k++) {
      for (const rate of RATES) {
        const r = await fixedRate(rate, Math.min(SECONDS, 5));
        open.get(rate).push(r);
        console.log(
          `  fixed rate ${rate}/s run ${k + 1}: p50 ${r.p50.toFixed(2)} ms, p99 ${r.p99.toFixed(2)} ms (${r.n} transfers)`,
        );
      }
    }

    // the books after the load: every asset's entries sum to zero, wallets equal their entries
    const books = (
      await db.query(`SELECT
        (SELECT count(*) FROM (SELECT asset_id FROM ledger_entries GROUP BY asset_id HAVING sum(amount) <> 0) x) AS unbalanced_assets,
        (SELECT count(*) FROM user_wallets w WHERE w.balance <> (SELECT coalesce(sum(amount), 0) FROM ledger_entries e WHERE e.wallet_id = w.id)) AS drifted_wallets,
        (SELECT count(*) FROM user_wallets WHERE balance < 0) AS negative`)
    ).rows[0];
    console.log(`  books after load: ${JSON.stringify(books)}`);
    const errors = runs.reduce(
      (s, r) =>
        s +
        Object.entries(r.statuses)
          .filter(([st]) => st !== '201')
          .reduce((a, [, c]) => a + c, 0),
      0,
    );
    return [
      {
        figure: 'transfers per second',
        value: Math.round(median(runs.map((r) => r.rps))),
        unit: 'transfers/s',
        what: `POST /api/wallet/transfers, ${CLIENTS} keep-alive clients (senders) to ${CLIENTS + RECIPIENTS} users, ${SECONDS} s x ${RUNS} runs (median), auth+PIN+idempotency+fee+limits+ledger`,
      },
      {
        figure: 'transfer latency p50',
        value: Number(median(runs.map((r) => r.p50)).toFixed(2)),
        unit: 'ms',
        what: 'client-side, median of runs',
      },
      {
        figure: 'transfer latency p90',
        value: Number(median(runs.map((r) => r.p90)).toFixed(2)),
        unit: 'ms',
        what: 'client-side, median of runs',
      },
      {
        figure: 'transfer latency p99',
        value: Number(median(runs.map((r) => r.p99)).toFixed(2)),
        unit: 'ms',
        what: 'client-side, median of runs',
      },
      // Little's law for a closed loop: mean latency = clients / throughput, whatever the server does.
      {
        figure: 'closed-loop mean latency (Little)',
        value: Number(((1000 * CLIENTS) / median(runs.map((r) => r.rps))).toFixed(2)),
        unit: 'ms',
        what: `${CLIENTS} clients / median throughput: the mean any server has at this throughput; p99 sits above it`,
      },
      ...[...open].flatMap(([rate, rs]) => [
        {
          figure: `latency p50 at ${rate}/s offered`,
          value: Number(median(rs.map((r) => r.p50)).toFixed(2)),
          unit: 'ms',
          what: 'open loop, same 50 connections, waiting for a free connection included',
        },
        {
          figure: `latency p99 at ${rate}/s offered`,
          value: Number(median(rs.map((r) => r.p99)).toFixed(2)),
          unit: 'ms',
          what: 'open loop, median of runs',
        },
      ]),
      {
        figure: 'API RSS (max during load)',
        value: Math.round(Math.max(...runs.map((r) => r.rssMax))),
        unit: 'MiB',
        what: 'API node process VmRSS, PostgreSQL excluded',
      },
      {
        figure: 'database transactions per transfer',
        value: Number(median(runs.map((r) => r.xactPerTransfer)).toFixed(2)),
        unit: 'xacts',
        what: 'pg_stat_database commits+rollbacks / requests (one statement = one round trip)',
      },
      {
        figure: 'CPU per transfer: API',
        value: Number(median(runs.map((r) => r.cpuMs.api)).toFixed(3)),
        unit: 'ms',
        what: 'API process user+system CPU / requests',
      },
      {
        figure: 'CPU per transfer: PostgreSQL',
        value: Number(median(runs.map((r) => r.cpuMs.db)).toFixed(3)),
        unit: 'ms',
        what: 'all PostgreSQL processes / requests',
      },
      {
        figure: 'capacity from CPU (API + PostgreSQL)',
        value: Math.round(2000 / (median(runs.map((r) => r.cpuMs.api)) + median(runs.map((r) => r.cpuMs.db)))),
        unit: 'transfers/s',
        what: '2 cores / (API + PostgreSQL CPU per transfer): the ceiling on an otherwise idle 2-core machine, load client excluded',
      },
      {
        figure: 'non-201 answers',
        value: errors,
        unit: 'requests',
        what: `books after load: ${books.unbalanced_assets} unbalanced assets, ${books.drifted_wallets} drifted wallets, ${books.negative} negative`,
      },
    ];
  } finally {
    await db.end().catch(() => {});
    await api.stop();
  }
}
