import { describe, expect, it } from 'vitest';
import { checkBooks } from '../ledger/index.js';
import { getPool } from './pool.js';
import { getStorage, sniffImageType } from '../storage/index.js';
import { DEMO_ACCOUNTS, seed } from './seed.js';
import { tableCounts } from '../../../test/helpers.js';

describe('seed (first start)', () => {
  it('creates the demo user with several funded wallets and a history made through the ledger; the books balance; a second run changes nothing', async () => {
    expect(await seed(getPool())).toEqual({ demo: true });
    const books = await checkBooks();
    expect(books.problems).toEqual([]);
    const { rows } = await getPool().query(
      `SELECT count(*)::int AS wallets, (SELECT count(*)::int FROM transactions t WHERE t.sender_id = u.id OR t.receiver_id = u.id) AS history
         FROM users u JOIN user_wallets w ON w.user_id = u.id AND w.balance > 0 WHERE u.email = 'demo@portal.test' GROUP BY u.id`,
    );
    expect(rows[0].wallets).toBeGreaterThanOrEqual(4);
    expect(rows[0].history).toBeGreaterThanOrEqual(10);
    const admins = await getPool().query(`SELECT u.email FROM profiles p JOIN users u ON u.id = p.id WHERE p.is_admin`);
    expect(admins.rows.map((r) => r.email)).toEqual(['admin@portal.test']);
    expect(DEMO_ACCOUNTS.map((a) => a.email)).toEqual(['demo@portal.test', 'bob@portal.test', 'admin@portal.test']);

    const before = await tableCounts([
      'users',
      'transactions',
      'ledger_entries',
      'assets',
      'fee_schedule',
      'system_accounts',
    ]);
    expect(await seed(getPool())).toEqual({ demo: false });
    expect(
      await tableCounts(['users', 'transactions', 'ledger_entries', 'assets', 'fee_schedule', 'system_accounts']),
    ).toEqual(before);
  });

  // Seeded bob was 'pending' with no submission, so no admin could ever resolve him.
  it('seeds only KYC states the product reaches: pending = one submission waiting; verified = an approved, reviewed, audited one; not started = none', async () => {
    await seed(getPool());
    const { rows } = await getPool().query<{
      email: string;
      kyc_status: string;
      submissions: { status: string; reviewer: string | null; path: string; audited: boolean }[];
    }>(
      `SELECT u.email, p.kyc_status::text,
              coalesce(json_agg(json_build_object('status', k.status, 'reviewer', r.email, 'path', k.document_path,
                'audited', EXISTS (SELECT 1 FROM audit_log a WHERE a.subject = 'kyc_submission:' || k.id AND a.action = 'admin.kyc.approve'))
                ORDER BY k.created_at) FILTER (WHERE k.id IS NOT NULL), '[]') AS submissions
         FROM users u JOIN profiles p ON p.id = u.id LEFT JOIN kyc_submissions k ON k.user_id = u.id LEFT JOIN users r ON r.id = k.reviewer_id
        WHERE u.email LIKE '%@portal.test' GROUP BY u.email, p.kyc_status ORDER BY u.email`,
    );
    const byEmail = Object.fromEntries(rows.map((r) => [r.email, r]));
    expect(byEmail['bob@portal.test']).toMatchObject({
      kyc_status: 'pending',
      submissions: [{ status: 'pending', reviewer: null }],
    });
    expect(byEmail['demo@portal.test']).toMatchObject({
      kyc_status: 'verified',
      submissions: [{ status: 'approved', reviewer: 'admin@portal.test', audited: true }],
    });
    expect(byEmail['admin@portal.test']).toMatchObject({ kyc_status: 'not_started', submissions: [] });
    for (const r of rows) {
      for (const k of r.submissions) {
        const doc = await getStorage().get('kyc_documents', k.path);
        expect(doc && sniffImageType(doc.bytes)).toBe('image/png'); // the admin can open the document
      }
    }
  });
});
