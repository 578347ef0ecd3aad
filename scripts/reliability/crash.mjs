#!/usr/bin/env node
// Crash: transfer load, kill -9 of the API process at a random moment, restart, check the books:
// per asset entries sum to zero, balances equal entries, no half-applied transfer, every request
// answered 201 is in the ledger exactly once; requests cut off by the crash are retried with the
// same Idempotency-Key and must not be applied twice. Three times (ROUNDS to change). Each round
// records whether a send batch was in PostgreSQL at the kill (group-commit-crash.mjs makes sure of it).
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

export async function crashCase() {
  const p = await setupPortal('crash');
  assert(p.hasTransfers, 'no POST /api/wallet/transfers to load');
  const watch = batchWatch(p.db.url);
  const summary = [];
  try {
    let api = p.apis[0];
    for (let round = 1; round <= ROUNDS; round++) {
      const tag = `crash${round}`;
      const killAfter = 800 + Math.floor(Math.random() * 2500);
      const load = transferLoad({ bases: [api.base], sessions: p.sessions, pin: PIN, tag, clients: 8 });
      await sleep(killAfter);
      const killed = api.kill9(); // the signal is sent before kill9 first awaits
      // a batch statement running after the signal was sent by the dead process: in flight at the kill
      const batchInFlight = Boolean(await watch.now());
      await killed;
      const { answered201, cutOff, other } = splitAnswers(await load.stop());
      log(
        `round ${round}: killed -9 after ${killAfter} ms (a send batch in PostgreSQL: ${batchInFlight ? 'yes' : 'no'}); ${answered201.length} answered 201, ${cutOff.length} cut off, ${other.length} other (${[...new Set(other.map((r) => `${r.status} ${r.body?.code}`))].join(', ')})`,
      );
      assert(answered201.length > 0, 'no transfer was answered before the crash: load did not run');

      api = await startApi({ home: p.home.dir, databaseUrl: p.db.url, port: await freePort() });
      p.apis.push(api);
      log(`round ${round}: API restarted (pid ${api.pid})`);

      // Retry what the crash cut off, same key and body: applied at most once in total.
      const books = await checkAfterCrash({
        ledger: p.ledger,
        tag,
        answered201,
        retried: await retryTransfers(api.base, p.sessions, cutOff),
        label: `round ${round}`,
      });
      summary.push({
        round,
        killAfterMs: killAfter,
        batchInFlight,
        answered201: answered201.length,
        cutOff: cutOff.length,
        transactions: books.transactions,
      });
    }
    return { name: 'crash (kill -9 under transfer load, x' + ROUNDS + ')', ok: true, summary };
  } finally {
    await watch.end();
    await p.cleanup();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  crashCase().then(
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
