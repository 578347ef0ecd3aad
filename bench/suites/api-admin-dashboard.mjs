// The admin dashboard: GET /api/admin/dashboard with 1,000,000 transactions in the ledger,
// bulk-loaded with generate_series over the last 30 days (~33,000 in the last 24 hours, USD and BTC).
// 3 repetitions of 50 requests, median of the p50s (and the p99 of the last repetition).
import { signInWithSecondFactor } from '../../scripts/lib/second-factor.mjs';
import { createUsers, median, percentile, pg, request, startApi } from './_portal-api.js';

export const name = 'api-admin-dashboard';
const REQUESTS = Number(process.env.BENCH_DASHBOARD_REQUESTS ?? 50);
const TRANSACTIONS = Number(process.env.BENCH_TRANSACTIONS ?? 1_000_000);

export async function run() {
  const api = await startApi();
  const db = new pg.Client({ connectionString: api.dbUrl });
  await db.connect();
  try {
    const [a, b] = await createUsers(db, 2, [], 'dash');
    // admins need a second factor for /api/admin: the shared helper turns on authenticator-app codes
    const signedIn = await signInWithSecondFactor(api.base, {
      email: 'admin@portal.test',
      password: 'Portal-demo-2026',
    });
    const token = (await signedIn.json()).access_token;
    const t0 = performance.now();
    await db.query(
      `INSERT INTO transactions (created_at, amount, status, transaction_type, description, asset_id, sender_id, receiver_id)
       SELECT now() - make_interval(secs => g * 2.592), CASE WHEN g % 10 = 0 THEN 0.001 * (g % 7 + 1) ELSE (g % 500 + 1)::numeric END,
              CASE WHEN g % 50 = 0 THEN 'failed' ELSE 'completed' END::transaction_status, 'p2p_transfer', 'bench',
              CASE WHEN g % 10 = 0 THEN (SELECT id FROM assets WHERE symbol = 'BTC') ELSE (SELECT id FROM assets WHERE symbol = 'USD') END, $1, $2
         FROM generate_series(1, $3::int) g`,
      [a.id, b.id, TRANSACTIONS],
    );
    await db.query('VACUUM ANALYZE transactions');
    console.log(`  loaded ${TRANSACTIONS} transactions in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
    const p50s = [];
    let p99 = 0;
    for (let k = 0; k < 3; k++) {
      const times = [];
      for (let i = 0; i < 10 + REQUESTS; i++) {
        const r = await request(api.base, 'GET', '/api/admin/dashboard', {
          headers: { authorization: `Bearer ${token}` },
        });
        if (r.status !== 200) throw new Error(`dashboard: ${r.status} ${r.body}`);
        if (i >= 10) times.push(r.ms);
      }
      times.sort((x, y) => x - y);
      p50s.push(percentile(times, 50));
      p99 = percentile(times, 99);
    }
    const p50 = median(p50s);
    console.log(`  dashboard: p50 ${p50.toFixed(2)} ms, p99 ${p99.toFixed(2)} ms`);
    return [
      {
        figure: `admin dashboard at ${TRANSACTIONS.toLocaleString('en-US')} transactions`,
        value: Number(p50.toFixed(2)),
        unit: 'ms',
        what: `GET /api/admin/dashboard, HTTP p50, median of 3 x ${REQUESTS} (p99 ${p99.toFixed(1)} ms); target median < 50 ms`,
      },
    ];
  } finally {
    await db.end();
    await api.stop();
  }
}
