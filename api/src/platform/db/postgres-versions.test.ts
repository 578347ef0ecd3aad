import crypto from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDebianPostgres, type DebianPostgres } from '../../../test/debian-postgres.js';
import { checkBooks } from '../ledger/check-books.js';
import { hashPin, pinProof } from '../pin/index.js';
import { seedBase } from './base-seed.js';
import { catalogDifferences, readSchemaCatalog } from './catalog.js';
import { ensureDatabaseExists } from './embedded.js';
import { applyMigrations, listMigrations } from './migrate.js';
import { getPool } from './pool.js';
import { createUserWithProfile } from './seed.js';

// The schema runs unchanged on Debian's PostgreSQL 15 (the operators' cluster) and on the embedded
// PostgreSQL 18 (the default server, this run's): a fresh database of each, migrated and base-seeded
// by the same code, has the same catalog and the same reference data, and money moves on 15.
// (The 18 side is this file's database: a copy of the template this run migrated and seeded afresh.)

const REFERENCE_DATA = `
  SELECT json_build_object(
    'assets', (SELECT json_agg(json_build_object('symbol', a.symbol, 'name', a.name, 'logo', a.logo_url, 'type', a.asset_type, 'scale', a.scale, 'usd', p.price_usd::text) ORDER BY a.symbol)
                 FROM assets a LEFT JOIN asset_prices p ON p.asset_id = a.id),
    'fees', (SELECT json_agg(json_build_object('type', f.transaction_type, 'asset', a.symbol, 'percent', f.percent::text, 'min', f.minimum::text, 'max', f.maximum::text, 'bearer', f.bearer)
                 ORDER BY f.transaction_type, a.symbol) FROM fee_schedule f LEFT JOIN assets a ON a.id = f.asset_id),
    'system_accounts', (SELECT json_agg(s.code || ' ' || a.symbol ORDER BY s.code, a.symbol) FROM system_accounts s JOIN assets a ON a.id = s.asset_id),
    'definitions', (SELECT json_agg(name || ' ' || checksum ORDER BY name) FROM "_sql_definitions")) AS data`;

const majorVersion = async (db: pg.Pool) =>
  Math.floor(Number((await db.query('SHOW server_version_num')).rows[0].server_version_num) / 10000);

describe('the schema on PostgreSQL 15 (Debian) and 18 (embedded)', () => {
  let server: DebianPostgres;
  let pg15: pg.Pool;
  let applied: string[];
  beforeAll(async () => {
    server = await startDebianPostgres(15);
    await ensureDatabaseExists(server.urlFor('postgres'), 'portal');
    applied = await applyMigrations(server.urlFor('portal'));
    pg15 = new pg.Pool({ connectionString: server.urlFor('portal'), max: 2 });
    await seedBase(pg15);
  });
  afterAll(async () => {
    await pg15?.end();
    await server?.stop();
  });

  it('a fresh database migrates on both to the same tables, columns, constraints, indexes, functions, triggers, views and reference data', async () => {
    expect([await majorVersion(pg15), await majorVersion(getPool())]).toEqual([15, 18]);
    expect(applied).toEqual(listMigrations().map((m) => m.name));
    const [c15, c18] = [await pg15.connect(), await getPool().connect()];
    try {
      const [catalog15, catalog18] = [await readSchemaCatalog(c15), await readSchemaCatalog(c18)];
      expect(catalog18.size).toBeGreaterThan(1000);
      expect(catalogDifferences(catalog15, catalog18, ['PostgreSQL 15', 'PostgreSQL 18'])).toEqual([]);
    } finally {
      c15.release();
      c18.release();
    }
    expect((await pg15.query(REFERENCE_DATA)).rows[0].data).toEqual(
      (await getPool().query(REFERENCE_DATA)).rows[0].data,
    );
  });

  it('on 15, a send through wallet_send moves the amount and the 0.5% fee once, a retry with its key moves nothing, and the books balance', async () => {
    const tag = crypto.randomBytes(3).toString('hex');
    const sender = await createUserWithProfile(pg15, { email: `sender-${tag}@example.test`, fullName: 'Sam Sender' });
    const receiver = await createUserWithProfile(pg15, {
      email: `receiver-${tag}@example.test`,
      fullName: 'Rita Receiver',
    });
    await pg15.query('UPDATE profiles SET transaction_pin_hash = $2 WHERE id = $1', [sender, hashPin(sender, '2468')]);
    await pg15.query(
      `SELECT * FROM ledger_post_transfer('deposit', 'USD', NULL, 'deposits', $1, NULL, 100.00, 'Test deposit')`,
      [sender],
    );
    // wallet_send answers the send's body (a refusal is { refusal: { code, details } }, mapped by the API)
    const send = () =>
      pg15.query<{
        body: { fee: string; total: string; sender_balance: string; refusal?: unknown };
        replayed: boolean;
      }>('SELECT body, replayed FROM wallet_send($1, $2, NULL, $3, $4, $5, $6, $7, $8)', [
        sender,
        `receiver-${tag}@example.test`,
        'USD',
        '10.00',
        'Rent share',
        pinProof(sender, '2468'),
        `key-${tag}`,
        'request-hash',
      ]);

    const first = (await send()).rows[0]!;
    expect(first.body.refusal).toBeUndefined();
    expect(first).toMatchObject({ replayed: false, body: { fee: '0.05', total: '10.05', sender_balance: '89.95' } });
    expect((await send()).rows[0]).toMatchObject({ replayed: true, body: { sender_balance: '89.95' } });
    const balances = await pg15.query<{ user_id: string; balance: string }>(
      `SELECT w.user_id, w.balance::numeric(38,2)::text AS balance FROM user_wallets w JOIN assets a ON a.id = w.asset_id WHERE a.symbol = 'USD' AND w.user_id = ANY($1) ORDER BY w.user_id = $2 DESC`,
      [[sender, receiver], sender],
    );
    expect(balances.rows.map((r) => r.balance)).toEqual(['89.95', '10.00']);
    const c = await pg15.connect();
    try {
      await c.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
      expect((await checkBooks(c)).problems).toEqual([]);
    } finally {
      await c.query('ROLLBACK');
      c.release();
    }
  });
});
