import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type pg from 'pg';
import { apiRoot } from '../config.js';
import { readDefinitionsCatalog } from './catalog.js';
import { recordedDefinitions } from './sql-definitions.queries.js';

/**
 * Repeatable SQL definitions (Flyway's "R__" migrations): prisma/sql/*.sql hold the one current
 * definition of every function, trigger and view, as CREATE OR REPLACE statements. Migrations change
 * tables; these files are applied after them, in the transaction of the last of them (migrate.ts),
 * whenever a file changed or a migration ran. What was applied is recorded in _sql_definitions (name, checksum), apart from
 * _prisma_migrations, so `prisma migrate status` stays clean.
 *
 * A file relies at creation only on tables and types (plpgsql bodies are bound when they run), so
 * the files apply in name order.
 */
export const definitionsDir = path.join(apiRoot, 'prisma', 'sql');

export const CREATE_DEFINITIONS_HISTORY = `CREATE TABLE IF NOT EXISTS "_sql_definitions" (
  "name" TEXT PRIMARY KEY, "checksum" VARCHAR(64) NOT NULL, "applied_at" TIMESTAMPTZ NOT NULL DEFAULT now())`;

export interface SqlDefinition {
  name: string;
  sql: string;
  checksum: string;
}

export function listDefinitions(dir = definitionsDir): SqlDefinition[] {
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir)
    .filter((f) => f.endsWith('.sql'))
    .sort()
    .map((name) => {
      const sql = fs.readFileSync(path.join(dir, name), 'utf8');
      return { name, sql, checksum: crypto.createHash('sha256').update(sql).digest('hex') };
    });
}

/** Applies every definition whose file changed since it was recorded (all of them when `all`), on the caller's open transaction. */
export async function applyDefinitions(
  client: pg.ClientBase,
  options: { all: boolean },
  dir = definitionsDir,
): Promise<string[]> {
  const rows = await recordedDefinitions.run(undefined, client);
  const recorded = new Map(rows.map((r) => [r.name, r.checksum]));
  const applied: string[] = [];
  for (const d of listDefinitions(dir)) {
    if (!options.all && recorded.get(d.name) === d.checksum) continue;
    try {
      await client.query(d.sql);
    } catch (e) {
      throw new Error(`SQL definitions ${d.name} failed: ${(e as Error).message}`, { cause: e });
    }
    await client.query(
      `INSERT INTO "_sql_definitions" (name, checksum) VALUES ($1, $2)
       ON CONFLICT (name) DO UPDATE SET checksum = EXCLUDED.checksum, applied_at = now()`,
      [d.name, d.checksum],
    );
    applied.push(d.name);
  }
  return applied;
}

/**
 * What differs between the database and prisma/sql: an object whose definition is not the file's
 * (the files are run in a transaction that is rolled back, and the catalog read before and after),
 * and an object that no file defines. Empty when they agree. `client` must not be in a transaction.
 */
export async function compareDefinitions(client: pg.ClientBase, dir = definitionsDir): Promise<string[]> {
  const before = await readDefinitionsCatalog(client);
  let after: Map<string, string>;
  await client.query('BEGIN');
  try {
    for (const d of listDefinitions(dir)) await client.query(d.sql);
    after = await readDefinitionsCatalog(client);
  } finally {
    await client.query('ROLLBACK');
  }
  const problems: string[] = [];
  for (const [object, definition] of after) {
    if (!before.has(object)) problems.push(`${object} is in prisma/sql but not in the database`);
    else if (before.get(object) !== definition)
      problems.push(`${object} in the database differs from its file in prisma/sql`);
  }
  // An object the files leave untouched is one they do not define: its definition lives nowhere readable.
  const defined = definedObjectNames(dir);
  for (const object of before.keys()) {
    const name = /^(?:function|view|trigger) (\w+)/.exec(object)?.[1];
    if (name && !defined.has(name)) problems.push(`${object} is defined by no file in prisma/sql`);
  }
  return problems;
}

function definedObjectNames(dir: string): Set<string> {
  const names = new Set<string>();
  for (const d of listDefinitions(dir)) {
    // (a constraint trigger has no OR REPLACE: its file drops and creates it)
    for (const m of d.sql.matchAll(/^CREATE (?:OR REPLACE )?(?:CONSTRAINT )?(?:FUNCTION|VIEW|TRIGGER) (\w+)/gm))
      names.add(m[1]!);
  }
  return names;
}
