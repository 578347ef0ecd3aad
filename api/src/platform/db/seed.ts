import crypto from 'node:crypto';
import zlib from 'node:zlib';
import type pg from 'pg';
import type { KycStatus } from '../../generated/prisma/enums.js';
import { hashPassword } from '../auth/passwords.js';
import { isProduction } from '../config.js';
import { postTransfer } from '../ledger/index.js';
import { getStorage } from '../storage/index.js';
import { seedBase } from './base-seed.js';
import { insertKycSubmission, insertUserWithProfile } from './seed.queries.js';

/**
 * Demo accounts (docs/decisions.md). The password passes common-password checks. KYC states are
 * ones the product reaches: Dana verified by Ada's approval of her submission, Bob
 * pending with a submission waiting in the admin queue, Ada (staff) not started.
 */
export const DEMO_PASSWORD = 'Portal-demo-2026';
export const DEMO_ACCOUNTS = [
  {
    email: 'demo@portal.test',
    fullName: 'Dana Demo',
    username: 'dana_demo',
    kyc: 'verified',
    accredited: true,
    admin: false,
  },
  {
    email: 'bob@portal.test',
    fullName: 'Bob Builder',
    username: 'bob',
    kyc: 'pending',
    accredited: false,
    admin: false,
  },
  {
    email: 'admin@portal.test',
    fullName: 'Ada Admin',
    username: 'ada_admin',
    kyc: 'not_started',
    accredited: false,
    admin: true,
  },
] as const;

/**
 * A 480x300 PNG in the shape of an identity card (header band, photo box, text lines): what the
 * admin sees as a seeded document. Drawn here so no real document ever ships with the code.
 */
export function specimenDocumentPng(): Buffer {
  const [w, h] = [480, 300];
  const fill = (x: number, y: number): [number, number, number] => {
    if (y < 52) return [30, 58, 138];
    if (x >= 28 && x < 148 && y >= 76 && y < 236) return [148, 163, 184];
    const line = [92, 124, 156, 188, 220].findIndex((top) => y >= top && y < top + 12);
    if (line >= 0 && x >= 176 && x < 440 - line * 36) return [71, 85, 105];
    return [232, 238, 247];
  };
  const raw = Buffer.alloc((w * 3 + 1) * h);
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) raw.set(fill(x, y), y * (w * 3 + 1) + 1 + x * 3); // each row: filter byte 0, then RGB
  }
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const out = Buffer.alloc(body.length + 8);
    out.writeUInt32BE(data.length, 0);
    body.copy(out, 4);
    out.writeUInt32BE(zlib.crc32(body), body.length + 4);
    return out;
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(w, 0);
  header.writeUInt32BE(h, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8-bit RGB
  return Buffer.concat([
    Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]),
    chunk('IHDR', header),
    chunk('IDAT', zlib.deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A KYC submission as the product makes one: document in the private bucket, optionally decided by a reviewer (audited). */
async function seedKycSubmission(
  db: pg.Pool,
  userId: string,
  form: {
    legalName: string;
    dateOfBirth: string;
    country: string;
    documentType: string;
    documentNumber: string;
    submittedDaysAgo: number;
  },
  review?: { reviewerId: string; daysAgo: number },
): Promise<void> {
  const key = `${userId}-${crypto.randomBytes(8).toString('hex')}.png`;
  await getStorage().put('kyc_documents', key, specimenDocumentPng(), 'image/png');
  const rows = await insertKycSubmission.run(
    {
      userId,
      status: review ? 'approved' : 'pending',
      ...form,
      documentPath: key,
      reviewerId: review?.reviewerId,
      reviewedDaysAgo: review?.daysAgo,
    },
    db,
  );
  if (review) {
    await db.query(
      `INSERT INTO audit_log (actor_id, action, subject, before, after, data, created_at)
       VALUES ($1, 'admin.kyc.approve', $2, '{"submission_status":"pending","kyc_status":"pending"}', '{"submission_status":"approved","kyc_status":"verified","review_note":null}', $3, now() - make_interval(days => $4))`,
      [review.reviewerId, `kyc_submission:${rows[0]!.id}`, JSON.stringify({ user_id: userId }), review.daysAgo],
    );
  }
}

export async function createUserWithProfile(
  db: pg.Pool,
  u: {
    email: string;
    password?: string;
    fullName?: string | null;
    username?: string | null;
    kyc?: KycStatus;
    accredited?: boolean;
    admin?: boolean;
  },
): Promise<string> {
  const passwordHash = u.password ? await hashPassword(u.password) : null;
  const rows = await insertUserWithProfile.run(
    {
      email: u.email,
      passwordHash,
      fullName: u.fullName,
      username: u.username,
      kycStatus: u.kyc ?? 'not_started',
      accredited: u.accredited ?? false,
      admin: u.admin ?? false,
    },
    db,
  );
  return rows[0]!.id;
}

/**
 * Reference data always; the demo users and their history only into an empty database (first
 * start), and never in production (a published password, an admin, and balances nobody paid in).
 * Every balance comes from the ledger: deposits from the system deposit account, then p2p
 * transfers, so the books balance from the first start.
 */
export async function seed(db: pg.Pool): Promise<{ demo: boolean }> {
  await seedBase(db);
  if (isProduction()) return { demo: false };
  const { rows } = await db.query('SELECT 1 FROM users LIMIT 1');
  if (rows.length) return { demo: false };

  const ids: Record<string, string> = {};
  for (const a of DEMO_ACCOUNTS) {
    ids[a.email] = await createUserWithProfile(db, { ...a, password: DEMO_PASSWORD });
  }
  const dana = { userId: ids['demo@portal.test']! };
  const bob = { userId: ids['bob@portal.test']! };
  const ada = { userId: ids['admin@portal.test']! };
  await seedKycSubmission(
    db,
    dana.userId,
    {
      legalName: 'Dana Demo',
      dateOfBirth: '1990-04-12',
      country: 'US',
      documentType: 'passport',
      documentNumber: 'X12345678',
      submittedDaysAgo: 30,
    },
    { reviewerId: ada.userId, daysAgo: 29 },
  );
  await seedKycSubmission(db, bob.userId, {
    legalName: 'Robert Builder',
    dateOfBirth: '1987-09-30',
    country: 'GB',
    documentType: 'drivers_license',
    documentNumber: 'BUILD809307RB9',
    submittedDaysAgo: 2,
  });
  const deposits = { system: 'deposits' } as const;
  const moves: [
    Parameters<typeof postTransfer>[0]['type'],
    string,
    typeof dana | typeof deposits,
    typeof dana,
    string,
    string,
  ][] = [
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
  // open projects on Find work, so the marketplace is not empty on a fresh portal
  const projects: [string, string, string, string[], string, 'fixed' | 'hourly', number][] = [
    [
      bob.userId,
      'Logo and brand colours for a bike repair shop',
      'We repair and sell bikes in Leeds. We need a simple logo, two colour palettes and the files for print and web.',
      ['Logo Design', 'Illustrator', 'Branding'],
      '350.00',
      'fixed',
      3,
    ],
    [
      bob.userId,
      'Booking page for workshop slots',
      'Customers should pick a free 30-minute slot and get an e-mail confirmation. Our site runs on plain HTML; a small React widget is fine.',
      ['React', 'TypeScript', 'Node.js', 'PostgreSQL'],
      '45.00',
      'hourly',
      2,
    ],
    [
      dana.userId,
      'Monthly budget spreadsheet with charts',
      'A Google Sheets template that sums my spending by category and draws a chart per month.',
      ['Excel', 'Data Analysis'],
      '120.00',
      'fixed',
      1,
    ],
  ];
  for (const [client, title, description, skills, budget, type, daysAgo] of projects) {
    await db.query(
      `INSERT INTO projects (client_id, title, description, skills_required, budget_amount, budget_type, budget_currency, created_at, updated_at)
       VALUES ($1, $2, $3, $4, $5::numeric, $6::budget_type, (SELECT id FROM assets WHERE symbol = 'USD'), now() - make_interval(days => $7), now() - make_interval(days => $7))`,
      [client, title, description, skills, budget, type, daysAgo],
    );
  }
  // campaigns: one live on Browse campaigns, one draft of Dana's
  const campaigns: [string, string, string, string, string, string, string][] = [
    [
      bob.userId,
      'active',
      'Builder Bikes Ltd',
      'Repair cafés for city bikes',
      'Three repair cafés in Leeds where commuters fix their bikes with our mechanics.',
      '25000.00',
      '100.00',
    ],
    [
      dana.userId,
      'draft',
      'Dana Data Co',
      'Budgets that explain themselves',
      'A budgeting app that turns bank exports into plain-language monthly summaries.',
      '50000.00',
      '250.00',
    ],
  ];
  for (const [owner, status, company, tagline, description, target, min] of campaigns) {
    await db.query(
      `INSERT INTO funding_campaigns (created_by_profile_id, status, company_name, tagline, description, target_amount, min_investment, max_investment, equity_offered_percentage,
         campaign_end_date, asset_currency_id, submitted_at, reviewed_at)
       VALUES ($1, $2::campaign_status, $3, $4, $5, $6::numeric, $7::numeric, 5000, 8, now() + interval '30 days', (SELECT id FROM assets WHERE symbol = 'USD'),
         CASE WHEN $2 = 'active' THEN now() - interval '2 days' END, CASE WHEN $2 = 'active' THEN now() - interval '1 day' END)`,
      [owner, status, company, tagline, description, target, min],
    );
  }
  return { demo: true };
}
