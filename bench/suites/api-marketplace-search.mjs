// Find work (docs/product.md "Marketplace"): GET /api/marketplace/projects on 100,000 projects bulk-loaded
// with generate_series (open and in progress, mixed skills and budget types). Four requests: the
// first page with no filter, a common word, a rare word, and a word + budget type + skills filter;
// 3 repetitions of 50 requests each, median of the p50s (and the p99 of the last repetition).
import { createUsers, median, percentile, pg, request, signIn, startApi } from './_portal-api.js';

export const name = 'api-marketplace-search';
const REQUESTS = Number(process.env.BENCH_SEARCH_REQUESTS ?? 50);
const PROJECTS = Number(process.env.BENCH_PROJECTS ?? 100_000);
const WORDS = ['shop', 'landing', 'mobile', 'dashboard', 'api', 'logo', 'migration', 'scraper', 'chatbot', 'wallet'];
const SKILLS = ['React', 'Vue', 'Rust', 'Go', 'Python', 'Figma', 'SQL', 'Node', 'Swift', 'Kotlin'];

export async function run() {
  const api = await startApi();
  const db = new pg.Client({ connectionString: api.dbUrl });
  await db.connect();
  try {
    const [me] = await createUsers(db, 1, [], 'projects');
    const token = await signIn(api.base, me, 0);
    const t0 = performance.now();
    // one project in 5,000 has the rare word; one in 4 is in progress
    await db.query(
      `INSERT INTO projects (client_id, title, description, skills_required, budget_amount, budget_type, budget_currency, status, created_at)
       SELECT $1, initcap(($3::text[])[g % 10 + 1]) || ' project ' || g || CASE WHEN g % 5000 = 0 THEN ' quasar' ELSE '' END,
              'We need help with a ' || ($3::text[])[(g / 10) % 10 + 1] || ' for our team.',
              ARRAY[($4::text[])[g % 10 + 1], ($4::text[])[(g / 7) % 10 + 1]], (g % 900 + 100)::numeric, CASE WHEN g % 3 = 0 THEN 'hourly' ELSE 'fixed' END::budget_type,
              (SELECT id FROM assets WHERE symbol = 'USD'), CASE WHEN g % 4 = 0 THEN 'in_progress' ELSE 'open' END::project_status,
              now() - make_interval(secs => g)
         FROM generate_series(1, $2::int) g`,
      [me.id, PROJECTS, WORDS, SKILLS],
    );
    await db.query('VACUUM ANALYZE projects');
    console.log(`  loaded ${PROJECTS} projects in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
    const rows = [];
    const measure = async (query) => {
      const p50s = [];
      let p99 = 0;
      for (let k = 0; k < 3; k++) {
        const times = [];
        for (let i = 0; i < 10 + REQUESTS; i++) {
          const r = await request(api.base, 'GET', `/api/marketplace/projects${query}`, {
            headers: { authorization: `Bearer ${token}` },
          });
          if (r.status !== 200) throw new Error(`find work: ${r.status} ${r.body}`);
          if (i >= 10) times.push(r.ms);
        }
        times.sort((a, b) => a - b);
        p50s.push(percentile(times, 50));
        p99 = percentile(times, 99);
      }
      return { p50: median(p50s), p99 };
    };
    // the skills list reads every open project once a minute per process: its cold answer, then cached
    const t1 = performance.now();
    const skills = await request(api.base, 'GET', '/api/marketplace/skills', {
      headers: { authorization: `Bearer ${token}` },
    });
    if (skills.status !== 200) throw new Error(`skills: ${skills.status}`);
    const coldSkills = performance.now() - t1;
    console.log(`  skills list, first request: ${coldSkills.toFixed(1)} ms`);
    rows.push({
      figure: `skills list at ${PROJECTS.toLocaleString('en-US')} projects (uncached)`,
      value: Number(coldSkills.toFixed(1)),
      unit: 'ms',
      what: 'GET /api/marketplace/skills, the first request (distinct skills of every open project; then cached a minute)',
    });
    for (const [kind, query] of [
      ['first page', ''],
      ['common word', '?q=dashboard'],
      ['rare word', '?q=quasar'],
      ['word + filters', '?q=shop&budget_type=hourly&skills=Rust,Go'],
    ]) {
      const { p50, p99 } = await measure(query);
      console.log(`  ${kind} ${query}: p50 ${p50.toFixed(2)} ms, p99 ${p99.toFixed(2)} ms`);
      rows.push({
        figure: `find work at ${PROJECTS.toLocaleString('en-US')} projects (${kind})`,
        value: Number(p50.toFixed(2)),
        unit: 'ms',
        what: `GET /api/marketplace/projects${query}, HTTP p50, median of 3 x ${REQUESTS} (p99 ${p99.toFixed(1)} ms); target median < 20 ms`,
      });
    }
    return rows;
  } finally {
    await db.end().catch(() => {});
    await api.stop();
  }
}
