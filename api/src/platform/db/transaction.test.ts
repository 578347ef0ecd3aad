import crypto from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createUser, deposit, walletBalance } from '../../../test/helpers.js';
import { AppError } from '../errors.js';
import { runIdempotent } from '../idempotency/index.js';
import { postTransfer } from '../ledger/index.js';
import { metrics } from '../metrics/index.js';
import { getPool } from './pool.js';
import { getPrisma } from './prisma.js';
import { commitThen, inTransaction } from './transaction.js';

// docs/decisions.md "One data path per request": Prisma and SQL on one pool, one transaction on one connection.

const auditRows = (action: string) => getPrisma().auditLog.count({ where: { action } });
const tag = () => `datapath-${crypto.randomBytes(4).toString('hex')}`;
const postedP2p = async () =>
  (await metrics.ledgerTransactions.get()).values.find((v) => v.labels.type === 'p2p_transfer')?.value ?? 0;

/** A Prisma write (audit_log) and a ledger posting (SQL ledger_post_transfer) in one transaction. */
async function writeBoth(
  db: import('pg').PoolClient,
  tx: import('./prisma.js').PrismaTx,
  action: string,
  from: string,
  to: string,
) {
  await tx.auditLog.create({ data: { action, actorId: from } });
  await postTransfer({
    type: 'p2p_transfer',
    assetSymbol: 'USD',
    from: { userId: from },
    to: { userId: to },
    amount: '10.00',
    client: db,
  });
}

describe('one data path: Prisma and SQL share the transaction of a request', () => {
  it('runs Prisma and SQL on the same connection, each seeing what the other wrote before commit', async () => {
    const action = tag();
    await inTransaction(async (db, tx) => {
      const [{ pid: prismaPid }] = await tx.$queryRaw<[{ pid: number }]>`SELECT pg_backend_pid() AS pid`;
      const {
        rows: [sql],
      } = await db.query<{ pid: number }>('SELECT pg_backend_pid() AS pid');
      expect(prismaPid).toBe(sql!.pid);
      await tx.auditLog.create({ data: { action } });
      expect((await db.query('SELECT 1 FROM audit_log WHERE action = $1', [action])).rowCount).toBe(1);
      expect(await auditRows(action)).toBe(0); // not committed yet: another connection does not see it
    });
    expect(await auditRows(action)).toBe(1);
  });

  it('rolls back a Prisma write and a ledger posting together, and counts no ledger transaction', async () => {
    const [a, b] = [await createUser(), await createUser()];
    await deposit(a.id, 'USD', '100.00');
    const action = tag();
    const counted = await postedP2p();
    await expect(
      inTransaction(async (db, tx) => {
        await writeBoth(db, tx, action, a.id, b.id);
        throw new Error('fails after both writes');
      }),
    ).rejects.toThrow('fails after both writes');
    expect(await auditRows(action)).toBe(0);
    expect(await walletBalance(a.id)).toBe('100.00');
    expect(await walletBalance(b.id)).toBe('0.00');
    expect(await postedP2p()).toBe(counted);
  });

  it('commits both and counts the ledger transaction only once committed (afterCommit)', async () => {
    const [a, b] = [await createUser(), await createUser()];
    await deposit(a.id, 'USD', '100.00');
    const action = tag();
    const counted = await postedP2p();
    await inTransaction(async (db, tx) => {
      await writeBoth(db, tx, action, a.id, b.id);
      expect(await postedP2p()).toBe(counted); // posted, not committed: not counted yet
    });
    expect(await postedP2p()).toBe(counted + 1);
    expect(await auditRows(action)).toBe(1);
    expect(await walletBalance(b.id)).toBe('10.00');
  });

  it('runIdempotent: a refusal rolls back the Prisma write and the posting of its work, and stores the refusal', async () => {
    const [a, b] = [await createUser(), await createUser()];
    await deposit(a.id, 'USD', '100.00');
    const action = tag();
    const ctx = { key: crypto.randomUUID(), requestHash: 'h' };
    await expect(
      runIdempotent(a.id, ctx, async (db, tx) => {
        await writeBoth(db, tx, action, a.id, b.id);
        throw new AppError(409, 'CONFLICT', 'Not now');
      }),
    ).rejects.toMatchObject({ status: 409 });
    expect(await auditRows(action)).toBe(0);
    expect(await walletBalance(a.id)).toBe('100.00');
    const stored = await getPrisma().idempotencyKey.findUniqueOrThrow({
      where: { userId_key: { userId: a.id, key: ctx.key } },
    });
    expect(stored).toMatchObject({ responseStatus: 409, responseBody: { error: 'Not now', code: 'CONFLICT' } });
  });

  it('a nested inTransaction joins the outer one: its failure undoes only its own writes (savepoint), the outer commits', async () => {
    const [kept, undone] = [tag(), tag()];
    await inTransaction(async (_db, tx) => {
      await tx.auditLog.create({ data: { action: kept } });
      await expect(
        inTransaction(async (_inner, innerTx) => {
          await innerTx.auditLog.create({ data: { action: undone } });
          throw new Error('inner fails');
        }),
      ).rejects.toThrow('inner fails');
    });
    expect(await auditRows(kept)).toBe(1);
    expect(await auditRows(undone)).toBe(0);
  });

  it('commitThen commits what was written, then throws', async () => {
    const action = tag();
    await expect(
      inTransaction(async (_db, tx) => {
        await tx.auditLog.create({ data: { action } });
        throw commitThen(new AppError(400, 'VALIDATION', 'Wrong code'));
      }),
    ).rejects.toMatchObject({ status: 400 });
    expect(await auditRows(action)).toBe(1);
  });

  it('Prisma has no pool of its own: every connection of the database is one of the shared pool', async () => {
    await Promise.all([
      getPrisma().auditLog.count(),
      getPool().query('SELECT 1'),
      inTransaction(async (_db, tx) => tx.auditLog.count()),
    ]);
    const {
      rows: [open],
    } = await getPool().query<{ n: number }>(
      `SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND backend_type = 'client backend'`,
    );
    expect(open!.n).toBe(getPool().totalCount);
  });
});
