#!/usr/bin/env node
// Crash: transfer load, kill -9 of the API process at a random moment, restart, check the books:
// per asset entries sum to zero, balances equal entries, no half-applied transfer, every request
// answered 201 is in the ledger exactly once; requests cut off by the crash are retried with the
// same Idempotency-Key and must not be applied twice. Three times (ROUNDS to change).
import { spawn } from 'node:child_process';
import path from 'node:path';
import { assert, checkAfterCrash, freePort, log, retryTransfers, sleep, startApi, transferLoad } from './lib.mjs';
import { PIN, setupPortal } from './setup.mjs';

const ROUNDS = Number(process.env.ROUNDS ?? 3);

export async function crashCase() {
  const p = await setupPortal('crash');
  const summary = [];
  try {
    let api = p.apis[0];
    for (let round = 1; round <= ROUNDS; round++) {
      const tag = `crash${round}`;
      const killAfter = 800 + Math.floor(Math.random() * 2500);
      let answered201 = [];
      let cutOff = [];
      if (p.hasTransfers) {
        const load = transferLoad({ bases: [api.base], sessions: p.sessions, pin: PIN, tag, clients: 8 });
        await sleep(killAfter);
        await api.kill9();
        const requests = await load.stop();
        answered201 = requests.filter((r) => r.status === 201);
        cutOff = requests.filter((r) => r.status === 0);
        const other = requests.filter((r) => r.status && r.status !== 201);
        log(
          `round ${round}: killed -9 after ${killAfter} ms; ${requests.length} requests: ${answered201.length} answered 201, ${cutOff.length} cut off, ${other.length} other (${[...new Set(other.map((r) => `${r.status} ${r.body?.code}`))].join(', ')})`,
        );
        assert(answered201.length > 0, 'no transfer was answered before the crash: load did not run');
      } else {
        // No transfer route yet: a ledger writer process posting transfers is killed with the API.
        const writer = spawn(
          process.execPath,
          [
            path.join(import.meta.dirname, 'ledger-writer.mjs'),
            p.db.url,
            tag,
            p.sessions.map((s) => s.userId).join(','),
          ],
          { stdio: ['ignore', 'pipe', 'inherit'] },
        );
        let out = '';
        writer.stdout.on('data', (d) => {
          out += d;
        });
        await sleep(killAfter);
        writer.kill('SIGKILL');
        await api.kill9();
        await new Promise((r) => writer.once('exit', r));
        answered201 = out
          .split('\n')
          .filter((l) => l.startsWith('OK '))
          .map((l) => ({ description: l.slice(3) }));
        log(
          `round ${round}: killed -9 (API and ledger writer) after ${killAfter} ms; ${answered201.length} transfers acknowledged`,
        );
      }

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
        answered201: answered201.length,
        cutOff: cutOff.length,
        transactions: books.transactions,
      });
    }
    return {
      name: 'crash (kill -9 under transfer load, x' + ROUNDS + ')',
      ok: true,
      mode: p.hasTransfers ? 'HTTP transfers' : 'ledger writer (no transfer route yet)',
      summary,
    };
  } finally {
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
