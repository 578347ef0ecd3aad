#!/usr/bin/env node
// Database frozen. PostgreSQL's processes are
// stopped with SIGSTOP: the server accepts nothing and answers nothing (an overloaded or partitioned
// database looks like this, unlike a clean stop which refuses connections at once). The API must still
// answer every request with an error within ANSWER_LIMIT_MS, and serve again once PostgreSQL resumes.
// The pools' client-side connect and query timeouts (api/src/platform/db/pool.ts) turn this into a 503
// with Retry-After within about 3 s (measured: health 2.0 s, dashboard and history 3.0 s).
//   node scripts/reliability/run.mjs db-freeze
import { execSync } from 'node:child_process';
import { assert, log, sleep, transferLoad } from './lib.mjs';
import { PIN, setupPortal } from './setup.mjs';

const ANSWER_LIMIT_MS = Number(process.env.ANSWER_LIMIT_MS ?? 10_000);

function postgresPids(dataDir) {
  const postmaster = execSync(`pgrep -f -- "-D ${dataDir}" || true`).toString().trim().split('\n').filter(Boolean)[0];
  if (!postmaster) throw new Error('PostgreSQL process not found');
  const children = execSync(`pgrep -P ${postmaster} || true`).toString().trim().split('\n').filter(Boolean);
  return [postmaster, ...children].map(Number);
}

export async function dbFreezeCase() {
  const p = await setupPortal('db-freeze');
  let pids = [];
  try {
    const api = p.apis[0];
    const auth = { authorization: `Bearer ${p.sessions[0].token}` };
    pids = postgresPids(`${p.home.dir}/pg`);
    log(`freezing ${pids.length} PostgreSQL processes (SIGSTOP)`);
    for (const pid of pids) process.kill(pid, 'SIGSTOP');
    // Transfers queue in the API's send queue: an outage must fail the sends waiting behind a stuck batch, not
    // make each wait for the one before it.
    const sends = p.hasTransfers
      ? transferLoad({
          bases: [api.base],
          sessions: p.sessions,
          pin: PIN,
          tag: 'frozen',
          clients: 12,
          timeoutMs: ANSWER_LIMIT_MS,
        })
      : null;
    const answers = [];
    for (const url of ['/api/health', '/api/wallet/dashboard', '/api/wallet/transactions?page=1']) {
      const t = Date.now();
      try {
        const res = await fetch(`${api.base}${url}`, {
          headers: auth,
          signal: AbortSignal.timeout(ANSWER_LIMIT_MS + 5000),
        });
        answers.push({ url, status: res.status, ms: Date.now() - t });
      } catch {
        answers.push({ url, status: 0, ms: Date.now() - t });
      }
    }
    const frozenSends = sends ? [...sends.requests] : [];
    for (const pid of pids) process.kill(pid, 'SIGCONT');
    pids = [];
    log(`while frozen: ${answers.map((a) => `${a.url} ${a.status || 'no answer'} in ${a.ms} ms`).join('; ')}`);
    if (sends) {
      await sends.stop();
      const statuses = [...new Set(frozenSends.map((r) => r.status || r.error))];
      log(
        `transfers sent while frozen: ${frozenSends.length} (answers ${statuses.join(', ')}), slowest ${Math.max(...frozenSends.map((r) => r.ms))} ms`,
      );
      const late = frozenSends.filter((r) => r.error || r.ms > ANSWER_LIMIT_MS);
      assert(
        late.length === 0,
        `transfers without an answer within ${ANSWER_LIMIT_MS} ms while PostgreSQL was frozen: ${late.length}`,
      );
      const books = await p.ledger.check();
      assert(books.ok, `books after the freeze: ${books.problems.slice(0, 5).join('; ')}`);
    }
    await sleep(500);
    const after = await fetch(`${api.base}/api/wallet/dashboard`, { headers: auth });
    assert(after.status === 200, `after PostgreSQL resumed: ${after.status}`);
    const hung = answers.filter((a) => a.status === 0 || a.ms > ANSWER_LIMIT_MS);
    assert(
      hung.length === 0,
      `no answer within ${ANSWER_LIMIT_MS} ms while PostgreSQL was frozen: ${hung.map((a) => a.url).join(', ')}`,
    );
    return { name: 'database frozen', ok: true, answers };
  } finally {
    for (const pid of pids) {
      try {
        process.kill(pid, 'SIGCONT');
      } catch {
        /* gone */
      }
    }
    await p.cleanup();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  dbFreezeCase().then(
    (r) => {
      console.log(JSON.stringify(r, null, 2));
      process.exit(0);
    },
    (e) => {
      console.error(e);
      process.exit(1);
    },
  );
}
