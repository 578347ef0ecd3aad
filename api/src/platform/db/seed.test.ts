import { describe, expect, it } from 'vitest';
import { checkBooks } from '../ledger/index.js';
import { getPool } from './pool.js';
import { DEMO_ACCOUNTS, seed } from './seed.js';
import { tableCounts } from '../../../test/helpers.js';

describe('seed (first start)', () => {
  it('creates the demo user with several funded wallets and a history made through the ledger; the books balance; a second run changes nothing', async () => {
    expect(await seed(getPool())).toEqual({ demo: true });
    const books = await checkBooks();
    expect(books.problems).toEqual([]);
    const { rows } = await getPool().query(
      `SELECT count(*)::int AS wallets, (SELECT count(*)::int FROM transactions t WHERE t.sender_id = u.id OR t.receiver_id = u.id) AS history
         FROM users u JOIN user_wallets w ON w.user_id = u.id AND w.balance > 0 WHERE u.email = 'demo@portal.test' GROUP BY u.id`);
    expect(rows[0].wallets).toBeGreaterThanOrEqual(4);
    expect(rows[0].history).toBeGreaterThanOrEqual(10);
    const admins = await getPool().query(`SELECT u.email FROM profiles p JOIN users u ON u.id = p.id WHERE p.is_admin`);
    expect(admins.rows.map((r) => r.email)).toEqual(['admin@portal.test']);
    expect(DEMO_ACCOUNTS.map((a) => a.email)).toEqual(['demo@portal.test', 'bob@portal.test', 'admin@portal.test']);

    const before = await tableCounts(['users', 'transactions', 'ledger_entries', 'assets', 'fee_schedule', 'system_accounts']);
    expect(await seed(getPool())).toEqual({ demo: false });
    expect(await tableCounts(['users', 'transactions', 'ledger_entries', 'assets', 'fee_schedule', 'system_accounts'])).toEqual(before);
  });
});
