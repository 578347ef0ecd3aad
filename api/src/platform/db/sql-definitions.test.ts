import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { getPool } from './pool.js';
import { applyDefinitions, compareDefinitions, listDefinitions } from './sql-definitions.js';

// Every function, trigger and view has one current definition in prisma/sql, applied as a
// repeatable definition; a check fails when the database differs from its file.

async function withClient<T>(fn: (c: pg.PoolClient) => Promise<T>): Promise<T> {
  const c = await getPool().connect();
  try {
    return await fn(c);
  } finally {
    c.release();
  }
}

describe('repeatable SQL definitions (prisma/sql)', () => {
  it('a migrated database has exactly the definitions of the files, each recorded with its checksum', async () => {
    await withClient(async (c) => expect(await compareDefinitions(c)).toEqual([]));
    const { rows } = await getPool().query<{ name: string; checksum: string }>(
      'SELECT name, checksum FROM "_sql_definitions" ORDER BY name',
    );
    expect(rows).toEqual(listDefinitions().map((d) => ({ name: d.name, checksum: d.checksum })));
  });

  it('the check names a function changed outside its file, and one that no file defines', async () => {
    await withClient(async (c) => {
      await c.query(
        `CREATE OR REPLACE FUNCTION money_iso(p timestamptz) RETURNS text LANGUAGE sql IMMUTABLE AS $$ SELECT 'changed' $$`,
      );
      await c.query(`CREATE FUNCTION stray_helper() RETURNS int LANGUAGE sql AS $$ SELECT 1 $$`);
      try {
        const problems = await compareDefinitions(c);
        expect(problems).toContain(
          'function money_iso(timestamp with time zone) in the database differs from its file in prisma/sql',
        );
        expect(problems).toContain('function stray_helper() is defined by no file in prisma/sql');
      } finally {
        await c.query('DROP FUNCTION stray_helper()');
      }
      // applying the changed file again restores the definition
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sql-defs-'));
      await c.query('BEGIN');
      await c.query(`UPDATE "_sql_definitions" SET checksum = 'stale' WHERE name = 'money.sql'`);
      expect(await applyDefinitions(c, { all: false })).toEqual(['money.sql']);
      expect(await applyDefinitions(c, { all: false }, dir)).toEqual([]); // nothing in an empty folder
      await c.query('COMMIT');
      expect(await compareDefinitions(c)).toEqual([]);
    });
  });
});
