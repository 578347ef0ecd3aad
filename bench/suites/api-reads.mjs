// API reads: dashboard and history (GET /api/wallet/transactions, first page) requests per second
// and p50/p99 latency through HTTP with autocannon, 50 concurrent connections, real bearer tokens
// of 50 users (each request takes the next user's token), each user with 200 transactions of
// history. BENCH_READ_SECONDS per run (10), BENCH_READ_RUNS runs (3), median reported.
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createUsers, median, pg, signIn, startApi } from './_portal-api.js';

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const autocannon = createRequire(path.join(repo, 'package.json'))('autocannon');

export const name = 'api-reads';

const USERS = 50;
const CONNECTIONS = 50;

function cannon(url, tokens, seconds) {
  let i = 0;
  return new Promise((resolve, reject) => {
    autocannon(
      {
        url,
        connections: CONNECTIONS,
        duration: seconds,
        requests: [
          {
            method: 'GET',
            setupRequest: (req) => ({
              ...req,
              headers: { ...req.headers, authorization: `Bearer ${tokens[i++ % tokens.length]}` },
            }),
          },
        ],
      },
      (err, result) => (err ? reject(err) : resolve(result)),
    );
  });
}

export async function run() {
  const seconds = Number(process.env.BENCH_READ_SECONDS ?? 10);
  const runs = Number(process.env.BENCH_READ_RUNS ?? 3);
  const api = await startApi();
  const db = new pg.Pool({ connectionString: api.dbUrl, max: 4 });
  const rows = [];
  try {
    const users = await createUsers(db, USERS, [['USD', '100000.00']], 'reads');
    // 200 transactions per user: p2p between neighbours, straight through the ledger (not timed)
    await db.query(
      `SELECT ledger_post_transfer('p2p_transfer', 'USD', s.id, NULL, r.id, NULL, 1.00, 'bench history')
                      FROM unnest($1::uuid[]) WITH ORDINALITY AS s(id, n)
                      JOIN unnest($1::uuid[]) WITH ORDINALITY AS r(id, n) ON r.n = (s.n % $2) + 1,
                           generate_series(1, 100)`,
      [users.map((u) => u.id), USERS],
    );
    const tokens = [];
    for (let i = 0; i < users.length; i++) tokens.push(await signIn(api.base, users[i], i));
    for (const [label, p] of [
      ['dashboard', '/api/wallet/dashboard'],
      ['history page', '/api/wallet/transactions?page=1'],
    ]) {
      const results = [];
      await cannon(`${api.base}${p}`, tokens, 2); // warm-up
      for (let r = 0; r < runs; r++) results.push(await cannon(`${api.base}${p}`, tokens, seconds));
      const non2xx = results.reduce((s, x) => s + x.non2xx + x.errors, 0);
      if (non2xx) throw new Error(`${p}: ${non2xx} failed requests`);
      const rps = results.map((x) => x.requests.average);
      rows.push({
        figure: `${label} reads`,
        value: Math.round(median(rps)),
        unit: 'req/s',
        what: `GET ${p}, ${CONNECTIONS} connections, ${USERS} users x 200 transactions, median of ${runs} x ${seconds} s (${rps.map(Math.round).join(', ')})`,
      });
      rows.push({
        figure: `${label} p50 latency`,
        value: median(results.map((x) => x.latency.p50)),
        unit: 'ms',
        what: `same runs, median of the runs' p50`,
      });
      rows.push({
        figure: `${label} p99 latency`,
        value: median(results.map((x) => x.latency.p99)),
        unit: 'ms',
        what: `same runs, median of the runs' p99`,
      });
      console.log(`  ${label}: ${rps.map(Math.round).join(', ')} req/s`);
    }
  } finally {
    await db.end();
    await api.stop();
  }
  return rows;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  console.table(await run());
}
