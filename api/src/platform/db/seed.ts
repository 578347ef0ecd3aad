import type pg from 'pg';
import { hashPassword } from '../auth/passwords.js';
import { postTransfer } from '../ledger/index.js';
import { seedBase } from './base-seed.js';

/** Demo accounts (docs/decisions.md). The password passes common-password checks. */
export const DEMO_PASSWORD = 'Portal-demo-2026';
export const DEMO_ACCOUNTS = [
  { email: 'demo@portal.test', fullName: 'Dana Demo', username: 'dana_demo', kyc: 'verified', accredited: true, admin: false },
  { email: 'bob@portal.test', fullName: 'Bob Builder', username: 'bob', kyc: 'pending', accredited: false, admin: false },
  { email: 'admin@portal.test', fullName: 'Ada Admin', username: 'ada_admin', kyc: 'verified', accredited: false, admin: true },
] as const;

export async function createUserWithProfile(db: pg.Pool, u: { email: string; password?: string; fullName?: string | null; username?: string | null; kyc?: string; accredited?: boolean; admin?: boolean }): Promise<string> {
  const passwordHash = u.password ? await hashPassword(u.password) : null;
  const { rows } = await db.query<{ id: string }>(
    `WITH nu AS (INSERT INTO users (email, password_hash, email_confirmed_at) VALUES (lower($1), $2, now()) RETURNING id)
     INSERT INTO profiles (id, full_name, username, kyc_status, is_accredited_investor, is_admin)
     SELECT id, $3, $4, $5::kyc_status, $6, $7 FROM nu RETURNING id`,
    [u.email, passwordHash, u.fullName ?? null, u.username ?? null, u.kyc ?? 'not_started', u.accredited ?? false, u.admin ?? false]);
  return rows[0]!.id;
}

/**
 * Reference data always; the demo users and their history only into an empty database (first
 * start). Every balance comes from the ledger: deposits from the system deposit account, then p2p
 * transfers, so the books balance from the first start.
 */
export async function seed(db: pg.Pool): Promise<{ demo: boolean }> {
  await seedBase(db);
  const { rows } = await db.query('SELECT 1 FROM users LIMIT 1');
  if (rows.length) return { demo: false };

  const ids: Record<string, string> = {};
  for (const a of DEMO_ACCOUNTS) {
    ids[a.email] = await createUserWithProfile(db, { ...a, password: DEMO_PASSWORD });
  }
  const dana = { userId: ids['demo@portal.test']! };
  const bob = { userId: ids['bob@portal.test']! };
  const ada = { userId: ids['admin@portal.test']! };
  const deposits = { system: 'deposits' } as const;
  const moves: [Parameters<typeof postTransfer>[0]['type'], string, typeof dana | typeof deposits, typeof dana, string, string][] = [
    ['deposit', 'USD', deposits, dana, '5000.00', 'Bank deposit'],
    ['deposit', 'EUR', deposits, dana, '1200.00', 'Bank deposit'],
    ['deposit', 'BTC', deposits, dana, '0.50000000', 'Crypto deposit'],
    ['deposit', 'ETH', deposits, dana, '3.25', 'Crypto deposit'],
    ['deposit', 'USDC', deposits, dana, '750', 'Crypto deposit'],
    ['deposit', 'USD', deposits, bob, '1000.00', 'Bank deposit'],
    ['deposit', 'BTC', deposits, bob, '0.01', 'Crypto deposit'],
    ['deposit', 'USD', deposits, ada, '100.00', 'Bank deposit'],
    ['p2p_transfer', 'USD', dana, bob, '125.50', 'Dinner split #food'],
    ['p2p_transfer', 'USD', bob, dana, '40.00', 'Concert tickets'],
    ['p2p_transfer', 'BTC', dana, bob, '0.0025', 'Paying back'],
    ['p2p_transfer', 'EUR', dana, bob, '60.00', 'Train to Lyon'],
    ['p2p_transfer', 'ETH', dana, bob, '0.15', 'Gas money'],
    ['p2p_transfer', 'USD', bob, dana, '12.34', 'Coffee'],
  ];
  for (const [type, assetSymbol, from, to, amount, description] of moves) {
    await postTransfer({ type, assetSymbol, from, to, amount, description });
  }
  return { demo: true };
}
