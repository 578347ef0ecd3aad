// History page time at 10,000 vs 1,000,000 transactions of one user (docs/product.md Transaction
// History; target: the 1M time at most 1.5x the 10k time). The rows are bulk-loaded with
// generate_series straight into `transactions` (what the history reads), with the wallet's tx_count
// (the exact total the page shows) set to match; ledger entries are not generated (the history does
// not read them). Page 1 and page 50 through HTTP with a real token; 3 repetitions of 100 requests, median.
import { createUsers, median, percentile, pg, request, signIn, startApi } from './_portal-api.js';

export const name = 'api-history';
const REQUESTS = Number(process.env.BENCH_HISTORY_REQUESTS ?? 100);

export async function run() {
  const api = await startApi();
  const db = new pg.Client({ connectionString: api.dbUrl });
  await db.connect();
  try {
    const [u, v] = await createUsers(db, 2, [['USD', '1.00']], 'hist');
    const token = await signIn(api.base, u, 0);
    const asset = (await db.query(`SELECT id FROM assets WHERE symbol = 'USD'`)).rows[0].id;
    const load = async (from, to) => {
      const t0 = performance.now();
      await db.query(
        `INSERT INTO transactions (created_at, amount, fee, status, transaction_type, description, asset_id, sender_id, receiver_id)
         SELECT now() - make_interval(secs => g), (g % 1000 + 1)::numeric / 100, 0.01, 'completed', 'p2p_transfer', 'bulk ' || g, $1,
                CASE WHEN g % 2 = 0 THEN $2::uuid ELSE $3::uuid END, CASE WHEN g % 2 = 0 THEN $3::uuid ELSE $2::uuid END
           FROM generate_series($4::int, $5::int) g`,
        [asset, u.id, v.id, from, to],
      );
      await db.query(`UPDATE user_wallets SET tx_count = $2 + 1 WHERE user_id = $1`, [u.id, to]);
      await db.query('VACUUM ANALYZE transactions');
      await db.query('VACUUM ANALYZE user_wallets');
      console.log(`  loaded rows ${from}..${to} in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
    };
    const measure = async (label) => {
      const out = {};
      for (const page of [1, 50]) {
        const reps = [];
        for (let k = 0; k < 3; k++) {
          const times = [];
          for (let i = 0; i < 20 + REQUESTS; i++) {
            const r = await request(api.base, 'GET', `/api/wallet/transactions?page=${page}`, {
              headers: { authorization: `Bearer ${token}` },
            });
            if (r.status !== 200) throw new Error(`history: ${r.status} ${r.body}`);
            if (i >= 20) times.push(r.ms);
            if (i === 20 && k === 0) {
              const b = JSON.parse(r.body);
              if (b.transactions.length !== 10) throw new Error(`page ${page}: ${b.transactions.length} rows`);
              out.total = b.total;
            }
          }
          times.sort((a, b) => a - b);
          reps.push({ p50: percentile(times, 50), p95: percentile(times, 95) });
        }
        out[page] = { p50: median(reps.map((r) => r.p50)), p95: median(reps.map((r) => r.p95)) };
      }
      const plan = (
        await db.query(
          `EXPLAIN (ANALYZE, BUFFERS, COSTS OFF)
        SELECT u.id FROM ((SELECT id, created_at FROM transactions WHERE sender_id = $1 ORDER BY created_at DESC, id DESC LIMIT 10)
          UNION ALL (SELECT id, created_at FROM transactions WHERE receiver_id = $1 ORDER BY created_at DESC, id DESC LIMIT 10)) u
        ORDER BY u.created_at DESC, u.id DESC LIMIT 10`,
          [u.id],
        )
      ).rows.map((r) => r['QUERY PLAN']);
      console.log(
        `  ${label}: total ${out.total}; page 1 p50 ${out[1].p50.toFixed(2)} ms p95 ${out[1].p95.toFixed(2)} ms; page 50 p50 ${out[50].p50.toFixed(2)} ms`,
      );
      console.log(
        plan
          .filter((l) => /Scan|Execution|Buffers: shared/.test(l))
          .slice(0, 6)
          .map((l) => `    ${l.trim()}`)
          .join('\n'),
      );
      return out;
    };

    await load(1, 10_000);
    const small = await measure('10,000 transactions');
    await load(10_001, 1_000_000);
    const large = await measure('1,000,000 transactions');
    const ratio = large[1].p50 / small[1].p50;
    return [
      {
        figure: 'history page 1 at 10,000 tx',
        value: Number(small[1].p50.toFixed(2)),
        unit: 'ms',
        what: `GET /api/wallet/transactions?page=1, HTTP p50 (p95 ${small[1].p95.toFixed(2)} ms), exact total ${small.total}`,
      },
      {
        figure: 'history page 1 at 1,000,000 tx',
        value: Number(large[1].p50.toFixed(2)),
        unit: 'ms',
        what: `same user with 1,000,000 transactions, p50 (p95 ${large[1].p95.toFixed(2)} ms), exact total ${large.total}`,
      },
      { figure: 'history 1M / 10k ratio (page 1)', value: Number(ratio.toFixed(2)), unit: 'x', what: 'target <= 1.5' },
      {
        figure: 'history page 50 at 10,000 tx',
        value: Number(small[50].p50.toFixed(2)),
        unit: 'ms',
        what: 'OFFSET 490 in each index range',
      },
      {
        figure: 'history page 50 at 1,000,000 tx',
        value: Number(large[50].p50.toFixed(2)),
        unit: 'ms',
        what: 'OFFSET 490 in each index range',
      },
    ];
  } finally {
    await db.end().catch(() => {});
    await api.stop();
  }
}
