import { describe, expect, it } from 'vitest';
import { createUser } from '../../../test/helpers.js';
import { getPool } from '../db/pool.js';
import { inTransaction } from '../db/transaction.js';
import { recordAudit } from './index.js';

// recordAudit writes through the transaction's Prisma client: the row is the change's, and its jsonb
// columns hold what the entry gave (SQL NULL when a part was not given).

const rowsOf = async (subject: string) =>
  (
    await getPool().query<{
      actor_id: string | null;
      action: string;
      before: unknown;
      after: unknown;
      data: unknown;
      ip: string | null;
      before_is_null: boolean;
    }>(
      'SELECT actor_id, action, before, after, data, ip, before IS NULL AS before_is_null FROM audit_log WHERE subject = $1',
      [subject],
    )
  ).rows;

describe('recordAudit: an audit entry in the transaction of the change it records', () => {
  it('stores the given fields as JSON (dates as ISO text, undefined members left out) and SQL NULL for parts not given', async () => {
    const admin = await createUser({ admin: true });
    const subject = `user:${admin.id}`;
    await inTransaction((_db, tx) =>
      recordAudit(tx, {
        actorId: admin.id,
        action: 'admin.user.update',
        subject,
        after: { full_name: 'Ann', at: new Date('2026-01-02T03:04:05.000Z'), gone: undefined, amount: '12.50' },
        ip: '203.0.113.9',
      }),
    );
    expect(await rowsOf(subject)).toEqual([
      {
        actor_id: admin.id,
        action: 'admin.user.update',
        before: null,
        before_is_null: true,
        after: { full_name: 'Ann', at: '2026-01-02T03:04:05.000Z', amount: '12.50' },
        data: null,
        ip: '203.0.113.9',
      },
    ]);
  });

  it('writes nothing when the transaction rolls back', async () => {
    const admin = await createUser({ admin: true });
    const subject = `user:${admin.id}`;
    await expect(
      inTransaction(async (_db, tx) => {
        await recordAudit(tx, { actorId: admin.id, action: 'admin.user.update', subject });
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    expect(await rowsOf(subject)).toEqual([]);
  });
});
