#!/usr/bin/env node
// Database restart under load: while PostgreSQL is down the API answers errors quickly (no hang),
// and within 5 s of PostgreSQL coming back it serves again, without a restart of the API process.
// Books are checked afterwards and every transfer answered 201 is in the ledger exactly once.
import { assert, json, log, sleep, transferLoad } from './lib.mjs';
import { PIN, setupPortal } from './setup.mjs';

const DOWN_MS = Number(process.env.DB_DOWN_MS ?? 4000);
const HANG_LIMIT_MS = 5000;
const RECOVER_LIMIT_MS = 5000;

export async function dbRestartCase() {
  const p = await setupPortal('db-restart');
  try {
    const api = p.apis[0];
    const [session] = p.sessions;
    const auth = { authorization: `Bearer ${session.token}` };
    const load = p.hasTransfers
      ? transferLoad({ bases: [api.base], sessions: p.sessions, pin: PIN, tag: 'dbr', clients: 4, timeoutMs: 15_000 })
      : null;
    // reads in the background as well
    let reading = true;
    const reads = [];
    const reader = (async () => {
      while (reading) {
        const t = performance.now();
        try {
          const res = await fetch(`${api.base}/api/wallet/dashboard`, {
            headers: auth,
            signal: AbortSignal.timeout(15_000),
          });
          await res.arrayBuffer();
          reads.push({ status: res.status, ms: performance.now() - t });
        } catch (e) {
          reads.push({ status: 0, ms: performance.now() - t, error: e.name });
        }
      }
    })();
    await sleep(1500);

    log('stopping PostgreSQL');
    await p.db.stop();
    const downSince = Date.now();
    const probes = [];
    while (Date.now() - downSince < DOWN_MS) {
      for (const url of ['/api/health', '/api/wallet/dashboard']) {
        const t = performance.now();
        try {
          const res = await fetch(`${api.base}${url}`, {
            headers: auth,
            signal: AbortSignal.timeout(HANG_LIMIT_MS + 5000),
          });
          const body = await json(res);
          probes.push({
            url,
            status: res.status,
            ms: Math.round(performance.now() - t),
            code: body?.code ?? body?.database,
          });
        } catch (e) {
          probes.push({ url, status: 0, ms: Math.round(performance.now() - t), code: e.name });
        }
      }
      await sleep(200);
    }
    const slowest = Math.max(...probes.map((x) => x.ms));
    log(
      `while down: ${probes.length} probes, statuses ${[...new Set(probes.map((x) => `${x.url} ${x.status} ${x.code}`))].join(' | ')}, slowest ${slowest} ms`,
    );
    assert(
      probes.every((x) => x.status >= 500 && x.status < 600),
      'while PostgreSQL is down every answer must be a 5xx error (not a hang, not a success)',
    );
    assert(
      probes.every((x) => x.ms < HANG_LIMIT_MS),
      `an answer took ${slowest} ms while PostgreSQL was down (limit ${HANG_LIMIT_MS})`,
    );
    assert(
      probes.filter((x) => x.url === '/api/health').every((x) => x.status === 503),
      'health must say 503 while the database is unreachable',
    );

    log('starting PostgreSQL again');
    await p.db.start();
    const upAt = Date.now();
    let recoveredMs = -1;
    while (Date.now() - upAt < 30_000) {
      try {
        const [h, d] = await Promise.all([
          fetch(`${api.base}/api/health`),
          fetch(`${api.base}/api/wallet/dashboard`, { headers: auth }),
        ]);
        if (h.status === 200 && d.status === 200) {
          recoveredMs = Date.now() - upAt;
          break;
        }
      } catch {
        /* not up yet / already gone */
      }
      await sleep(100);
    }
    log(`serving again ${recoveredMs} ms after PostgreSQL came back (API pid ${api.pid}, never restarted)`);
    assert(api.child.exitCode === null, 'the API process exited');
    assert(
      recoveredMs >= 0 && recoveredMs <= RECOVER_LIMIT_MS,
      `API served again only after ${recoveredMs} ms (limit ${RECOVER_LIMIT_MS})`,
    );

    await sleep(1000); // load continues on the recovered API
    reading = false;
    await reader;
    const requests = load ? await load.stop() : [];
    const okAfter = reads.filter((r) => r.status === 200).length;
    const hung = reads.filter((r) => r.ms > HANG_LIMIT_MS + 1000);
    const books = await p.ledger.check();
    const counts = await p.ledger.countByDescription('dbr-');
    const answered201 = requests.filter((r) => r.status === 201);
    const missing = answered201.filter((r) => counts.get(r.description) !== 1);
    log(
      `load: ${reads.length} dashboard reads (${okAfter} ok, ${hung.length} longer than ${HANG_LIMIT_MS + 1000} ms); ${requests.length} transfers (${answered201.length} answered 201, statuses ${[...new Set(requests.map((r) => `${r.status}${r.body?.code ? ' ' + r.body.code : ''}`))].join(', ')}); books ${books.ok ? 'balanced' : 'BROKEN'}`,
    );
    assert(hung.length === 0, 'a request hung while the database restarted');
    assert(books.ok, `books: ${books.problems.slice(0, 5).join('; ')}`);
    assert(missing.length === 0, `answered 201 but not in the ledger exactly once: ${missing.length}`);
    assert(
      [...counts.values()].every((n) => n === 1),
      'a transfer was applied twice',
    );
    return {
      name: 'database restart under load',
      ok: true,
      downMs: DOWN_MS,
      slowestAnswerWhileDownMs: slowest,
      recoveredAfterMs: recoveredMs,
      transfers201: answered201.length,
      reads: reads.length,
    };
  } finally {
    await p.cleanup();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  dbRestartCase().then(
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
