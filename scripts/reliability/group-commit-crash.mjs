// kill -9 in the middle of a group commit. Concurrent sends go to PostgreSQL together as ONE statement,
// `wallet_send_batch` (SendQueue in api/src/platform/ledger/send.ts, api/prisma/sql/money.sql), and each
// is answered 201 only after that transaction committed. Under transfer load from CLIENTS clients over
// 16 users, a separate connection watches pg_stat_activity until a backend runs the batch statement,
// and at that moment kills:
//   api       the API process; a new one is started. The batch's backend goes on and usually commits:
//             sends applied that nobody was told of, so their retries must be replays.
//   database  the batch's own PostgreSQL backend: the postmaster resets every backend and runs crash
//             recovery (a database crash), which rolls the batch back unless its commit had reached the
//             disk; the same API process must serve again by itself, and the load goes on.
// A round counts only if the kill provably hit a batch that was running (api: a batch statement still
// ran right after the signal, so the dead process had sent it; database: the backend, frozen with
// SIGSTOP before the kill, was still running it); otherwise it runs again, up to ATTEMPTS times, so the
// case never passes vacuously. Each round then retries the cut-off requests with the same
// Idempotency-Key and body and checks the books (lib.mjs checkAfterCrash). ROUNDS (3) of each kind.
// Run: node scripts/reliability/run.mjs group-commit-crash
import {
  assert,
  batchWatch,
  checkAfterCrash,
  freePort,
  log,
  retryTransfers,
  sleep,
  splitAnswers,
  startApi,
  transferLoad,
} from './lib.mjs';
import { PIN, setupPortal } from './setup.mjs';

const ROUNDS = Number(process.env.ROUNDS ?? 3);
const CLIENTS = Number(process.env.CLIENTS ?? 40);
const ATTEMPTS = 5;
const RECOVER_LIMIT_MS = 30_000;

/** One kill of `kind` while a batch runs, checked; { api: the API serving now, result: the round's figures }. */
async function round(p, api, kind, tag) {
  const watch = batchWatch(p.db.url);
  const load = transferLoad({ bases: [api.base], sessions: p.sessions, pin: PIN, tag, clients: CLIENTS });
  try {
    const started = Date.now();
    await sleep(500 + Math.floor(Math.random() * 2000)); // sends answered first, and a different moment each round
    // database: a batch that has written rows (it holds its transaction id): the crash has writes to undo
    const batch = await watch.next({ written: kind === 'database' });
    assert(batch, 'no wallet_send_batch statement seen running in 30 s: sends are not being batched');
    const atMs = Date.now() - started;
    const kill = kind === 'api' ? await killApi(p, api, load, watch) : await killDatabase(api, load, watch, batch);
    const { answered201, cutOff, other } = splitAnswers(kill.requests);
    const hit = Boolean(kill.running);
    log(
      `${tag}: ${kind} killed -9 ${atMs} ms after load start, batch statement active at the kill (backend ${batch.pid}): ${hit ? `yes (${kill.running.doing})` : 'NOT PROVEN'}; batch transaction then ${kill.outcome}; ${kill.requests.length} requests: ${answered201.length} answered 201, ${cutOff.length} cut off, ${other.length} other (${[...new Set(other.map((r) => `${r.status} ${r.body?.code}`))].join(', ')})${kind === 'database' ? `; API served again ${kill.recoveredMs} ms after the kill, ${kill.served} more 201s in the next second` : ''}`,
    );
    assert(answered201.length > 0, 'no transfer was answered: the load did not run');
    assert(
      other.every((r) => r.status < 500),
      'an answer other than 503 for a database failure',
    );
    if (kind === 'database') assert(kill.served > 0, 'no transfer answered 201 after the database recovered');
    const books = await checkAfterCrash({
      ledger: p.ledger,
      tag,
      answered201,
      retried: await retryTransfers(kill.api.base, p.sessions, cutOff),
      label: tag,
    });
    return {
      api: kill.api,
      result: {
        round: tag,
        kind,
        killAtMs: atMs,
        batchActive: hit,
        batchTransaction: kill.outcome,
        answered201: answered201.length,
        cutOff: cutOff.length,
        other: other.length,
        retriedReplayed: books.replayed,
        retriedAppliedNow: books.appliedOnRetry,
        transactions: books.transactions,
        ...(kill.recoveredMs === undefined ? {} : { recoveredMs: kill.recoveredMs }),
      },
    };
  } finally {
    await load.stop(); // already stopped unless the round failed
    await watch.end();
  }
}

/**
 * kill -9 of the API process while a batch runs, then a new one. `running`: a batch statement still
 * running after the signal (only the dead process can have sent it), or null; `outcome`: what became of
 * it (the backend lived on, so its xid is its own).
 */
async function killApi(p, api, load, watch) {
  const killed = api.kill9(); // the signal is sent before kill9 first awaits
  const running = await watch.now();
  await killed;
  const requests = await load.stop();
  const next = await startApi({ home: p.home.dir, databaseUrl: p.db.url, port: await freePort() });
  p.apis.push(next);
  return { api: next, running, requests, outcome: running?.xid ? await watch.outcome(running.xid) : 'unknown' };
}

/**
 * kill -9 of the batch's backend: a database crash. The same API process must serve again by itself
 * (`recoveredMs`) and answer the load (`served`: 201s in the second after). Its outcome stays unknown
 * (lib.mjs batchWatch outcome: not after a crash).
 */
async function killDatabase(api, load, watch, batch) {
  const running = await killFrozen(watch, batch);
  const recoveredMs = await servesAgain(api);
  const answered = () => load.requests.filter((r) => r.status === 201).length;
  const before = answered();
  await sleep(1000);
  const served = answered() - before;
  return { api, running, requests: await load.stop(), outcome: 'unknown', recoveredMs, served };
}

/**
 * kill -9 of the batch's backend, frozen first (SIGSTOP) so that what pg_stat_activity shows is where the
 * kill lands: the same batch statement still running, or null.
 */
async function killFrozen(watch, batch) {
  process.kill(batch.pid, 'SIGSTOP');
  // The frozen backend may hold a lock the view needs (ProcArrayLock while it commits): give up after 1 s
  // (the crash then ends the waiting query too) and count the round as not proven.
  const running = await Promise.race([watch.still(batch).catch(() => null), sleep(1000).then(() => null)]);
  process.kill(batch.pid, 'SIGKILL');
  return running;
}

/** ms until the API (never restarted) answers /api/health 200 again after the database crash. */
async function servesAgain(api) {
  const since = Date.now();
  while (Date.now() - since < RECOVER_LIMIT_MS) {
    await sleep(100);
    const res = await fetch(`${api.base}/api/health`).catch(() => null);
    if (res?.status === 200) return Date.now() - since;
  }
  throw new Error(`the API did not serve again within ${RECOVER_LIMIT_MS} ms of the database crash`);
}

export async function groupCommitCrashCase() {
  const p = await setupPortal('group-commit-crash', { moreUsers: 13 });
  const summary = [];
  try {
    let api = p.apis[0];
    for (const kind of ['api', 'database'])
      for (let n = 1; n <= ROUNDS; n++) {
        for (let attempt = 1; ; attempt++) {
          const r = await round(p, api, kind, `gc-${kind}${n}-${attempt}`);
          api = r.api;
          if (r.result.batchActive) {
            summary.push(r.result);
            break;
          }
          assert(attempt < ATTEMPTS, `${ATTEMPTS} kills in a row did not land inside a running batch`);
        }
      }
    assert(api.child.exitCode === null, 'the API process exited');
    return {
      name: `group-commit crash (kill -9 of the API / the batch's backend, x${ROUNDS} each)`,
      ok: true,
      summary,
    };
  } finally {
    await p.cleanup();
  }
}
