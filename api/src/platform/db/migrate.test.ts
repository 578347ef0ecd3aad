import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, inject } from 'vitest';
import { ensureDatabaseExists } from './embedded.js';
import { addsEnumValue, applyMigrations, transactionGroups } from './migrate.js';

// Migrations and definitions in as few transactions as PostgreSQL allows: a new enum value cannot be
// used in the transaction that added it (55P04 on 15; on 18 too when the type existed before), so a
// migration that adds one commits with those before it; a failure leaves each migration whole or absent.

/** A folder of migrations (name -> SQL) and one of definitions (file -> SQL). */
function folders(migrations: Record<string, string>, definitions: Record<string, string>) {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'migrate-'));
  for (const [name, sql] of Object.entries(migrations)) {
    fs.mkdirSync(path.join(root, 'migrations', name), { recursive: true });
    fs.writeFileSync(path.join(root, 'migrations', name, 'migration.sql'), sql);
  }
  fs.mkdirSync(path.join(root, 'sql'));
  for (const [file, sql] of Object.entries(definitions)) fs.writeFileSync(path.join(root, 'sql', file), sql);
  return { migrations: path.join(root, 'migrations'), definitions: path.join(root, 'sql') };
}

const CREATE_COLOR = { '001_colors': `CREATE TYPE color AS ENUM ('red'); CREATE TABLE paint (c color NOT NULL);` };
const ADD_BLUE = { '002_blue': `-- a comment\nALTER TYPE color\n  ADD VALUE IF NOT EXISTS 'blue';` };
// a LANGUAGE sql body is checked when it is created: the new value must be committed by then
const BLUE_FUNCTION = {
  'paint.sql': `CREATE OR REPLACE FUNCTION blue() RETURNS color LANGUAGE sql AS $$ SELECT 'blue'::color $$;`,
};

describe('applyMigrations: transactions around enum additions', () => {
  let url: string;
  let db: pg.Pool;
  beforeAll(async () => {
    const name = `migrate_${crypto.randomBytes(4).toString('hex')}`;
    await ensureDatabaseExists(`${inject('pgServerUrl')}/postgres`, name);
    url = `${inject('pgServerUrl')}/${name}`;
    db = new pg.Pool({ connectionString: url, max: 1 });
  });
  afterAll(() => db.end());
  const recorded = async () => ({
    migrations: (await db.query('SELECT migration_name FROM "_prisma_migrations" ORDER BY migration_name')).rows.map(
      (r) => r.migration_name,
    ),
    definitions: (await db.query('SELECT name FROM "_sql_definitions" ORDER BY name')).rows.map((r) => r.name),
  });

  it('groups: a migration that adds an enum value ends its transaction; the definitions go with the last group', () => {
    const m = (name: string, sql: string) => ({ name, sql });
    const [a, b, c, d] = [
      m('a', 'CREATE TABLE t (x int)'),
      m('b', "alter type e add value 'v'"),
      m('c', 'ALTER TABLE t ADD y int'),
      m('d', "ALTER TYPE e ADD VALUE 'w' AFTER 'v'"),
    ];
    expect(transactionGroups([a, b, c, d]).map((g) => g.map((x) => x.name))).toEqual([['a', 'b'], ['c', 'd'], []]);
    expect(transactionGroups([a, c]).map((g) => g.map((x) => x.name))).toEqual([['a', 'c']]);
    expect(transactionGroups([])).toEqual([[]]);
    expect(addsEnumValue("ALTER TYPE e RENAME VALUE 'a' TO 'b'; INSERT INTO t VALUES ('ADD VALUE')")).toBe(false);
  });

  it('an enum value added to an existing type by a migration is usable by the definitions of the same run', async () => {
    const first = folders(CREATE_COLOR, {});
    expect(await applyMigrations(url, first.migrations, first.definitions)).toEqual(['001_colors']);
    const second = folders({ ...CREATE_COLOR, ...ADD_BLUE }, BLUE_FUNCTION);
    expect(await applyMigrations(url, second.migrations, second.definitions)).toEqual(['002_blue']);
    expect((await db.query('SELECT blue()::text AS c')).rows[0].c).toBe('blue');
    expect(await recorded()).toEqual({ migrations: ['001_colors', '002_blue'], definitions: ['paint.sql'] });
  });

  it('a failure after an enum addition keeps the committed migrations whole and recorded, forgets the definitions, and the next run applies them all', async () => {
    const broken = folders(
      {
        ...CREATE_COLOR,
        ...ADD_BLUE,
        '003_green': `ALTER TYPE color ADD VALUE 'green';`,
        '004_mix': `ALTER TABLE paint ADD mixed boolean; SELECT no_such_function();`,
      },
      {
        ...BLUE_FUNCTION,
        'green.sql': `CREATE OR REPLACE FUNCTION green() RETURNS color LANGUAGE sql AS $$ SELECT 'green'::color $$;`,
      },
    );
    await expect(applyMigrations(url, broken.migrations, broken.definitions)).rejects.toThrow(
      /Migration 004_mix failed: function no_such_function\(\) does not exist/,
    );
    // 003 committed on its own (whole, recorded); 004 rolled back (no column); no definition is taken as applied
    expect(await recorded()).toEqual({ migrations: ['001_colors', '002_blue', '003_green'], definitions: [] });
    expect(
      (
        await db.query(
          `SELECT count(*)::int AS n FROM information_schema.columns WHERE table_name = 'paint' AND column_name = 'mixed'`,
        )
      ).rows[0].n,
    ).toBe(0);

    const fixed = folders(
      {
        ...CREATE_COLOR,
        ...ADD_BLUE,
        '003_green': `ALTER TYPE color ADD VALUE 'green';`,
        '004_mix': 'ALTER TABLE paint ADD mixed boolean;',
      },
      {
        ...BLUE_FUNCTION,
        'green.sql': `CREATE OR REPLACE FUNCTION green() RETURNS color LANGUAGE sql AS $$ SELECT 'green'::color $$;`,
      },
    );
    expect(await applyMigrations(url, fixed.migrations, fixed.definitions)).toEqual(['004_mix']);
    expect(await recorded()).toEqual({
      migrations: ['001_colors', '002_blue', '003_green', '004_mix'],
      definitions: ['green.sql', 'paint.sql'],
    });
    expect((await db.query('SELECT green()::text AS c')).rows[0].c).toBe('green');
  });

  it('definitions left unapplied by a crash after an enum addition are applied by the next run, with no migration pending', async () => {
    const withBadDefinition = folders(
      {
        ...CREATE_COLOR,
        ...ADD_BLUE,
        '003_green': `ALTER TYPE color ADD VALUE 'green';`,
        '004_mix': 'ALTER TABLE paint ADD mixed boolean;',
        '005_red_dark': `ALTER TYPE color ADD VALUE 'dark red';`,
      },
      { ...BLUE_FUNCTION, 'z.sql': 'CREATE OR REPLACE FUNCTION broken( RETURNS int' },
    );
    await expect(applyMigrations(url, withBadDefinition.migrations, withBadDefinition.definitions)).rejects.toThrow(
      /SQL definitions z.sql failed/,
    );
    expect(await recorded()).toEqual({
      migrations: ['001_colors', '002_blue', '003_green', '004_mix', '005_red_dark'],
      definitions: [],
    });
    const fixed = folders(
      {
        ...CREATE_COLOR,
        ...ADD_BLUE,
        '003_green': `ALTER TYPE color ADD VALUE 'green';`,
        '004_mix': 'ALTER TABLE paint ADD mixed boolean;',
        '005_red_dark': `ALTER TYPE color ADD VALUE 'dark red';`,
      },
      {
        ...BLUE_FUNCTION,
        'z.sql': `CREATE OR REPLACE FUNCTION dark() RETURNS color LANGUAGE sql AS $$ SELECT 'dark red'::color $$;`,
      },
    );
    expect(await applyMigrations(url, fixed.migrations, fixed.definitions)).toEqual([]);
    expect(await recorded()).toEqual({
      migrations: ['001_colors', '002_blue', '003_green', '004_mix', '005_red_dark'],
      definitions: ['paint.sql', 'z.sql'],
    });
    expect((await db.query('SELECT dark()::text AS c')).rows[0].c).toBe('dark red');
  });
});
