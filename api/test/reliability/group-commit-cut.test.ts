/**
 * Reliability, fast case of the normal run beside connection-loss.test.ts: a send batch cut in the middle.
 * Concurrent sends go to PostgreSQL as one `wallet_send_batch` statement (SendQueue,
 * src/platform/ledger/send.ts; prisma/sql/money.sql). Under transfer load, the backend running that
 * statement is terminated once it has written rows, until three cuts rolled a batch back. kill -9 of
 * the API or of the backend (a database crash) is scripts/reliability/group-commit-crash.mjs: here one
 * PostgreSQL serves every test file, so no backend is killed with -9.
 */
import { describe, expect, it } from 'vitest';
import pg from 'pg';
import { getDatabaseUrl, getPool } from '../../src/platform/db/pool.js';
import { checkBooks } from '../../src/platform/ledger/index.js';
import { key, liftPlatformCaps, walletTestClient } from '../../src/modules/wallet/testing.js';

const { transfer, payer } = walletTestClient();
const CUTS = 3;

const xactStatus = async (c: pg.Client, xid: string) =>
  (await c.query<{ s: string }>('SELECT pg_xact_status($1::xid8) AS s', [xid])).rows[0]!.s;

/**
 * Terminates the backend of a running batch that has written (it has its xid) until `CUTS` of them were
 * rolled back (a cut can also land after the commit: that batch stands and its sends were answered).
 * The xid's status is final once the backend is gone; a cluster made for the test run: epoch 0, xid = xid8.
 */
async function cutBatches(done: () => boolean) {
  const c = new pg.Client({ connectionString: getDatabaseUrl() });
  await c.connect();
  const outcomes: string[] = [];
  try {
    for (const until = Date.now() + 30_000; outcomes.filter((o) => o === 'aborted').length < CUTS;) {
      if (Date.now() > until || done()) break;
      // materialized first: pg_terminate_backend must see only the rows the conditions chose
      const { rows } = await c.query<{ xid: string }>(
        `WITH batch AS MATERIALIZED (
           SELECT pid, backend_xid FROM pg_stat_activity
            WHERE datname = current_database() AND state = 'active' AND query LIKE '%wallet_send_batch(%'
              AND backend_xid IS NOT NULL AND pid <> pg_backend_pid())
         SELECT backend_xid::text AS xid FROM batch WHERE pg_terminate_backend(pid)`,
      );
      for (const { xid } of rows) {
        let status: string;
        while ((status = await xactStatus(c, xid)) === 'in progress') await new Promise((r) => setTimeout(r, 10));
        outcomes.push(status);
      }
    }
  } finally {
    await c.end();
  }
  return outcomes;
}

describe('a send batch cut in the middle (its backend terminated while wallet_send_batch runs)', () => {
  it('rolls the whole batch back: its sends are answered 503, each retried with its key applies exactly once, every 201 is in the ledger once, books balance', async () => {
    await liftPlatformCaps();
    const users = await Promise.all(Array.from({ length: 8 }, () => payer('Batch', [['USD', '100000.00']])));
    const sent: { from: string; key: string; body: Record<string, string>; status: number }[] = [];
    let cutting = true;
    const load = Array.from({ length: 24 }, async (_, k) => {
      for (let i = 0; cutting; i++) {
        const from = users[(i + k) % users.length]!.id;
        const body = {
          recipientId: users[(i + k + 1) % users.length]!.id,
          assetSymbol: 'USD',
          amount: '1.00',
          description: `cut-${k}-${i}`,
          pin: '1234',
        };
        const s = { from, key: key(), body, status: 0 };
        sent.push(s);
        s.status = (await transfer(from, body, s.key)).status;
      }
    });
    const outcomes = await cutBatches(() => sent.length > 20_000);
    cutting = false;
    await Promise.all(load);

    // the cut sends (503: the database failed under them) again, same key and body
    const retried = await Promise.all(
      sent.filter((s) => s.status !== 201).map(async (s) => transfer(s.from, s.body, s.key)),
    );
    const { rows } = await getPool().query<{ description: string; n: number }>(
      `SELECT description, count(*)::int AS n FROM transactions WHERE description LIKE 'cut-%' GROUP BY description`,
    );
    const inLedger = new Map(rows.map((r) => [r.description, r.n]));
    const acknowledged = sent.filter((s) => s.status === 201).length + retried.filter((r) => r.status === 201).length;
    console.log(
      `group commit cut: ${outcomes.length} batches cut (${outcomes.join(', ')}); ${sent.length} transfers, ${sent.filter((s) => s.status === 201).length} answered 201, ${retried.length} retried (${retried.filter((r) => r.headers.get('idempotent-replayed') === 'true').length} replayed)`,
    );

    expect(outcomes.filter((o) => o === 'aborted').length, 'batches rolled back by a cut').toBe(CUTS);
    expect([...new Set(sent.map((s) => s.status))].sort()).toEqual([201, 503]);
    expect(retried.map((r) => r.status).filter((s) => s !== 201)).toEqual([]);
    for (const s of sent) expect(inLedger.get(s.body.description!), s.body.description).toBe(1);
    expect(rows.length).toBe(acknowledged);
    expect((await checkBooks()).problems).toEqual([]);
  });
});
