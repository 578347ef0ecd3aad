// User search (docs/product.md "Sending and requesting money": name, username or e-mail, 10 results) on a large user
// table: GET /api/wallet/users/search at 10,000 and at 200,000 users, bulk-loaded with
// generate_series (users + profiles). A selective query (one user's surname) and a common one
// ("son", thousands of matches, sorted by name). 3 repetitions of 50 requests, median of p50s.
import { createUsers, median, percentile, pg, request, signIn, startApi } from './_portal-api.js';

export const name = 'api-user-search';
const REQUESTS = Number(process.env.BENCH_SEARCH_REQUESTS ?? 50);
const SURNAMES = [
  'Anderson',
  'Brown',
  'Carter',
  'Davidson',
  'Evans',
  'Foster',
  'Garcia',
  'Harrison',
  'Ivanova',
  'Johnson',
];

export async function run() {
  const api = await startApi();
  const db = new pg.Client({ connectionString: api.dbUrl });
  await db.connect();
  try {
    const [me] = await createUsers(db, 1, [], 'search');
    const token = await signIn(api.base, me, 0);
    const load = async (from, to) => {
      const t0 = performance.now();
      await db.query(
        `WITH nu AS (
           INSERT INTO users (email, email_confirmed_at)
           SELECT 'person' || g || '@bulk.test', now() FROM generate_series($1::int, $2::int) g RETURNING id, email)
         INSERT INTO profiles (id, full_name, username)
         SELECT id, 'Person ' || n || ' ' || ($3::text[])[n % 10 + 1], 'person_' || n
           FROM (SELECT id, substring(email FROM 'person(\\d+)@')::int AS n FROM nu) s`,
        [from, to, SURNAMES],
      );
      await db.query('VACUUM ANALYZE users');
      await db.query('VACUUM ANALYZE profiles');
      console.log(`  loaded users ${from}..${to} in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
    };
    const measure = async (q) => {
      const p50s = [];
      for (let k = 0; k < 3; k++) {
        const times = [];
        for (let i = 0; i < 10 + REQUESTS; i++) {
          const r = await request(api.base, 'GET', `/api/wallet/users/search?q=${encodeURIComponent(q)}`, {
            headers: { authorization: `Bearer ${token}` },
          });
          if (r.status !== 200) throw new Error(`search: ${r.status} ${r.body}`);
          if (i >= 10) times.push(r.ms);
        }
        times.sort((a, b) => a - b);
        p50s.push(percentile(times, 50));
      }
      return median(p50s);
    };
    const rows = [];
    const queries = [
      ['selective', 'person_4242'],
      ['common', 'son'],
    ];
    for (const [size, label] of [
      [10_000, '10,000'],
      [200_000, '200,000'],
    ]) {
      await load(size === 10_000 ? 1 : 10_001, size);
      for (const [kind, q] of queries) {
        const ms = await measure(q);
        console.log(`  ${label} users, ${kind} "${q}": p50 ${ms.toFixed(2)} ms`);
        rows.push({
          figure: `user search at ${label} users (${kind})`,
          value: Number(ms.toFixed(2)),
          unit: 'ms',
          what: `GET /api/wallet/users/search?q=${q}, HTTP p50, median of 3 x ${REQUESTS}`,
        });
      }
    }
    return rows;
  } finally {
    await db.end().catch(() => {});
    await api.stop();
  }
}
