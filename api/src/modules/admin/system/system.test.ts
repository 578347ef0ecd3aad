import PgBoss from 'pg-boss';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, createUser, deposit, send } from '../../../../test/helpers.js';
import { getDatabaseUrl, getPool } from '../../../platform/db/pool.js';

// The admin System page's figures: books check history, job queues as pg-boss has them, the last
// hour of ledger activity and the answering process's own figures (docs/operations.md).
const app = createTestApp(['admin']);
const get = async (userId: string | null, adm = true) => {
  const res = await app.request('/api/admin/system', { headers: userId ? await bearer(userId, adm) : {} });
  return { status: res.status, body: (await res.json()) as Record<string, any> }; // eslint-disable-line @typescript-eslint/no-explicit-any
};

describe('GET /api/admin/system', () => {
  let admin: { id: string };
  const boss = new PgBoss({ connectionString: getDatabaseUrl(), schema: 'pgboss', max: 1 });
  beforeAll(async () => {
    admin = await createUser({ admin: true });
    await boss.start();
  });
  afterAll(async () => {
    await boss.stop({ graceful: false });
  });

  it('is for admins only: 401 signed out, 403 for a user', async () => {
    expect((await get(null)).status).toBe(401);
    const user = await createUser();
    expect((await get(user.id, false)).status).toBe(403);
  });

  it('lists the books checks newest first, each with its result', async () => {
    for (let i = 0; i < 2; i++)
      expect(
        (await app.request('/api/admin/books-check', { method: 'POST', headers: await bearer(admin.id, true) })).status,
      ).toBe(200);
    const { body } = await get(admin.id);
    expect(body.books_checks.length).toBe(2);
    expect(body.books_checks[0].checked_at >= body.books_checks[1].checked_at).toBe(true);
    expect(body.books_checks.every((c: { ok: boolean; problem_count: number }) => c.ok && c.problem_count === 0)).toBe(
      true,
    );
  });

  it("shows each job queue with its schedule, waiting runs and the last day's completions and failures", async () => {
    await boss.createQueue('system-test');
    await boss.schedule('system-test', '*/5 * * * *', {}, { tz: 'UTC' });
    for (let i = 0; i < 3; i++) await boss.send('system-test', { i }, { retryLimit: 0 });
    const taken = await boss.fetch('system-test', { batchSize: 2 });
    await boss.complete('system-test', taken[0]!.id);
    await boss.fail('system-test', taken[1]!.id, { message: 'bank unreachable' });
    const { body } = await get(admin.id);
    const queue = body.jobs.find((j: { name: string }) => j.name === 'system-test');
    expect(queue).toMatchObject({ schedule: '*/5 * * * *', waiting: 1, running: 0, completed_24h: 1, failed_24h: 1 });
    expect(queue.last_completed_at).not.toBeNull();
    expect(queue.last_failed_at).not.toBeNull();
    expect(body.jobs.map((j: { name: string }) => j.name).filter((n: string) => n.startsWith('__pgboss'))).toEqual([]);
  });

  it("counts the last hour's completed ledger transactions by type as the ledger has them, and this process's requests", async () => {
    const [a, b] = [await createUser(), await createUser()];
    await deposit(a.id, 'USD', '30.00');
    await send(a.id, b.id, 'USD', '5.00');
    const { body } = await get(admin.id);
    const direct = (
      await getPool().query(`SELECT transaction_type::text AS type, count(*)::int AS count FROM transactions
      WHERE status = 'completed' AND created_at > now() - interval '1 hour' GROUP BY 1`)
    ).rows as { type: string; count: number }[];
    expect([...body.transactions_1h].sort((x, y) => x.type.localeCompare(y.type))).toEqual(
      direct.sort((x, y) => x.type.localeCompare(y.type)),
    );
    expect(body.transactions_1h.find((t: { type: string }) => t.type === 'p2p_transfer')?.count).toBeGreaterThanOrEqual(
      1,
    );
    expect(body.process.requests).toBeGreaterThan(0);
    expect(body.process.memory_mib).toBeGreaterThan(0);
  });
});
