/**
 * Reliability, fast case of the normal run (the slow ones: `npm run test:reliability`): every
 * database connection of the API is killed (pg_terminate_backend) again and again while transfers
 * run. A transfer cut mid-way must leave nothing behind, one that succeeded must be in the ledger
 * exactly once, the books must balance, and the API must serve again at once, without a restart.
 */
import crypto from 'node:crypto';
import { describe, expect, it } from 'vitest';
import pg from 'pg';
import { createTestApp } from '../../src/app.js';
import { getDatabaseUrl, getPool } from '../../src/platform/db/pool.js';
import { checkBooks } from '../../src/platform/ledger/index.js';
import { bearer, createUser, deposit, send } from '../helpers.js';

const app = createTestApp();
const doc = (await (await app.request('/api/openapi.json')).json()) as {
  paths: Record<string, Record<string, unknown>>;
};
const viaHttp = Boolean(doc.paths['/api/wallet/transfers']?.post);

describe('connections to PostgreSQL killed under transfer load', () => {
  it(`transfers (${viaHttp ? 'POST /api/wallet/transfers' : 'ledger'}) survive killed connections: books balance, each success is in the ledger exactly once, the API serves again without restart`, async () => {
    const users = await Promise.all([0, 1, 2].map(() => createUser()));
    for (const u of users) await deposit(u.id, 'USD', '100000.00');
    if (viaHttp) {
      const { setPin } = await import('../../src/platform/pin/index.js');
      for (const u of users) await setPin(u.id, '2468');
    }
    const headers = await Promise.all(users.map((u) => bearer(u.id)));

    // A killer on its own connection: terminates every other backend of this database every 40 ms.
    const killer = new pg.Client({ connectionString: getDatabaseUrl() });
    await killer.connect();
    let killing = true;
    let killed = 0;
    const killerLoop = (async () => {
      while (killing) {
        const { rows } = await killer.query(
          `SELECT count(pg_terminate_backend(pid))::int AS n FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid() AND backend_type = 'client backend'`,
        );
        killed += rows[0].n;
        await new Promise((r) => setTimeout(r, 40));
      }
    })();

    const tag = `cut-${crypto.randomBytes(3).toString('hex')}`;
    const outcomes: { description: string; ok: boolean; status: number }[] = [];
    await Promise.all(
      Array.from({ length: 6 }, async (_, k) => {
        for (let i = 0; i < 40; i++) {
          const from = (i + k) % 3,
            to = (i + k + 1) % 3;
          const description = `${tag}-${k}-${i}`;
          try {
            if (viaHttp) {
              const res = await app.request('/api/wallet/transfers', {
                method: 'POST',
                headers: {
                  ...headers[from],
                  'content-type': 'application/json',
                  'idempotency-key': crypto.randomUUID(),
                },
                body: JSON.stringify({
                  amount: '1.00',
                  recipientEmail: users[to]!.email,
                  assetSymbol: 'USD',
                  description,
                  pin: '2468',
                }),
              });
              outcomes.push({ description, ok: res.status === 201, status: res.status });
            } else {
              await send(users[from]!.id, users[to]!.id, 'USD', '1.00', description);
              outcomes.push({ description, ok: true, status: 201 });
            }
          } catch {
            outcomes.push({ description, ok: false, status: 0 });
          }
        }
      }),
    );
    killing = false;
    await killerLoop;
    await killer.end();

    const succeeded = outcomes.filter((o) => o.ok);
    const { rows } = await getPool().query<{ description: string; n: number }>(
      `SELECT description, count(*)::int AS n FROM transactions WHERE description LIKE $1 GROUP BY description`,
      [`${tag}-%`],
    );
    const inLedger = new Map(rows.map((r) => [r.description, r.n]));
    console.log(
      `connection loss: ${killed} connections killed; ${outcomes.length} transfers, ${succeeded.length} succeeded, ${inLedger.size} in the ledger; statuses ${JSON.stringify([...new Set(outcomes.map((o) => o.status))])}`,
    );
    expect(killed).toBeGreaterThan(0);
    // a cut connection may fail the request (5xx), never turn into a wrong business answer (4xx)
    expect(outcomes.filter((o) => !o.ok && o.status > 0 && o.status < 500)).toEqual([]);
    for (const o of succeeded) expect(inLedger.get(o.description), `${o.description} answered success`).toBe(1);
    for (const [d, n] of inLedger) expect(n, `${d} applied once`).toBe(1);
    const books = await checkBooks();
    expect(books.problems).toEqual([]);

    // no restart: the very next requests are served
    expect((await app.request('/api/health')).status).toBe(200);
    expect((await app.request('/api/wallet/dashboard', { headers: headers[0] })).status).toBe(200);
  });
});
