import { beforeAll, describe, expect, it } from 'vitest';
import { getPool } from '../../../platform/db/pool.js';
import { checkBooks, sendQueue } from '../../../platform/ledger/index.js';
import { bearer } from '../../../../test/helpers.js';
import { key, liftPlatformCaps, walletTestClient, type Json } from '../testing.js';

const { app, payer } = walletTestClient();

beforeAll(liftPlatformCaps);

/**
 * N transfers among `wallets` users in opposite directions, 10% retried with the same key, 64 in
 * flight: then no overdraft, books balance, totals conserved except fees, nothing applied twice.
 * Returns the send queue's counts for the run (batches formed, batches that had to be redone alone).
 */
async function race(wallets: number, N: number) {
  const users = await Promise.all(
    Array.from({ length: wallets }, () =>
      payer('Concurrent', [
        ['USD', '2000.00'],
        ['BTC', '0.1'],
      ]),
    ),
  );
  const tokens = await Promise.all(users.map((u) => bearer(u.id)));
  let seed = 7;
  const rand = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
  const jobs = Array.from({ length: N }, (_, i) => {
    const a = i % wallets,
      b = (i + 1 + (i % 4)) % wallets;
    const [from, to] = i % 2 ? [a, b] : [b, a];
    const btc = i % 6 === 0;
    const amount = btc
      ? ((1 + Math.floor(rand() * 200000)) / 1e8).toFixed(8)
      : ((1 + Math.floor(rand() * 5000)) / 100).toFixed(2);
    return {
      from,
      to,
      key: key(),
      body: { recipientId: users[to]!.id, assetSymbol: btc ? 'BTC' : 'USD', amount, pin: '1234' },
    };
  });
  const retries = jobs.filter((_, i) => i % 10 === 0);
  const fire = async (j: (typeof jobs)[number]) => {
    const r = await app.request('/api/wallet/transfers', {
      method: 'POST',
      body: JSON.stringify(j.body),
      headers: { ...tokens[j.from]!, 'content-type': 'application/json', 'Idempotency-Key': j.key },
    });
    return { key: j.key, status: r.status, body: (await r.json()) as Json };
  };

  const stats0 = { ...sendQueue.stats };
  const started = performance.now();
  // 64 in flight at a time, retries interleaved (some race their original, some come after it)
  const queue = [...jobs, ...retries].sort(() => rand() - 0.5);
  const results: Awaited<ReturnType<typeof fire>>[] = [];
  await Promise.all(
    Array.from({ length: 64 }, async () => {
      for (let j = queue.pop(); j; j = queue.pop()) results.push(await fire(j));
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  const stats = Object.fromEntries(
    Object.entries(sendQueue.stats).map(([k, v]) => [k, v - stats0[k as keyof typeof stats0]]),
  ) as typeof stats0;
  console.log(
    `money: ${results.length} HTTP transfer requests among ${wallets} wallets in ${seconds.toFixed(2)} s = ${Math.round(results.length / seconds)}/s; ${stats.batchedSends} of them in ${stats.batches} batches, ${stats.plainSends} plain`,
  );

  for (const r of results) expect([201, 409]).toContain(r.status);
  for (const r of results.filter((x) => x.status === 409))
    expect(['INSUFFICIENT_FUNDS', 'CONFLICT']).toContain(r.body.code);
  // every key -> at most one transaction; all answers for one key agree
  const byKey = new Map<string, Set<string>>();
  for (const r of results.filter((x) => x.status === 201))
    (byKey.get(r.key) ?? byKey.set(r.key, new Set()).get(r.key)!).add(r.body.transaction.id);
  for (const ids of byKey.values()) expect(ids.size).toBe(1);
  const posted = new Set([...byKey.values()].flatMap((s) => [...s]));
  const { rows } = await getPool().query(
    `SELECT count(*)::int AS n FROM transactions WHERE transaction_type = 'p2p_transfer' AND sender_id = ANY($1)`,
    [users.map((u) => u.id)],
  );
  expect(rows[0].n).toBe(posted.size);
  expect(posted.size).toBeGreaterThan(N * 0.8);
  // each posted send told its receiver once, batched (plain or not) or alone; a retry or a refusal told nobody
  const told = await getPool().query<{ n: number }>(
    `SELECT count(*)::int AS n FROM notifications WHERE kind = 'money_received' AND actor_id = ANY($1)`,
    [users.map((u) => u.id)],
  );
  expect(told.rows[0]!.n).toBe(posted.size);

  const books = await checkBooks();
  expect(books.problems).toEqual([]);
  const sum = async (symbol: string) =>
    (
      await getPool().query(
        `SELECT sum(w.balance)::text AS s, count(*) FILTER (WHERE w.balance < 0)::int AS neg FROM user_wallets w JOIN assets a ON a.id = w.asset_id
      WHERE a.symbol = $1 AND w.user_id = ANY($2)`,
        [symbol, users.map((u) => u.id)],
      )
    ).rows[0];
  const fees = async (symbol: string) =>
    (
      await getPool().query(
        `SELECT coalesce(sum(t.fee), 0)::text AS f FROM transactions t JOIN assets a ON a.id = t.asset_id WHERE a.symbol = $1 AND t.sender_id = ANY($2)`,
        [symbol, users.map((u) => u.id)],
      )
    ).rows[0].f;
  const usd = await sum('USD');
  const btc = await sum('BTC');
  expect(usd.neg + btc.neg).toBe(0);
  const exact = async (a: string, b: string, c: string) =>
    (await getPool().query('SELECT $1::numeric + $2::numeric = $3::numeric AS ok', [a, b, c])).rows[0].ok;
  expect(await exact(usd.s, await fees('USD'), String(2000 * wallets))).toBe(true);
  expect(await exact(btc.s, await fees('BTC'), String(0.1 * wallets))).toBe(true);
  return stats;
}

describe('concurrency through the HTTP API ("Must show")', () => {
  it('2,400 transfers among 5 wallets, opposite directions, 10% retried with the same key: no overdraft, books balance, totals conserved except fees, nothing applied twice', async () => {
    const stats = await race(5, 2400);
    expect(stats.batches).toBeGreaterThan(0); // many sends of one sender per batch: made one by one inside it
    expect(stats.fallbacks).toBe(0); // batches never deadlock with each other or with single sends
  });

  it('the same among 100 wallets: many senders per batch, so many sends are plain (made all at once)', async () => {
    const stats = await race(100, 2000);
    expect(stats.plainSends).toBeGreaterThan(500); // ~900 here: a sender often has 2 sends in one batch of ~30
    expect(stats.fallbacks).toBe(0);
  });
});
