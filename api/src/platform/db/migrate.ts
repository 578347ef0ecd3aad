import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { apiRoot } from '../config.js';
import { applyDefinitions, CREATE_DEFINITIONS_HISTORY, definitionsDir } from './sql-definitions.js';
import { adoptSquashedHistory, BASELINE_MIGRATION } from './squashed-migrations.js';
import { appliedMigrations } from './migrate.queries.js';
import { inTransactionOn } from './transaction.js';

export const migrationsDir = path.join(apiRoot, 'prisma', 'migrations');

/** Same table Prisma Migrate keeps, so `prisma migrate status` agrees with what we applied. */
const CREATE_HISTORY = `CREATE TABLE IF NOT EXISTS "_prisma_migrations" (
  "id" VARCHAR(36) PRIMARY KEY NOT NULL, "checksum" VARCHAR(64) NOT NULL, "finished_at" TIMESTAMPTZ,
  "migration_name" VARCHAR(255) NOT NULL, "logs" TEXT, "rolled_back_at" TIMESTAMPTZ,
  "started_at" TIMESTAMPTZ NOT NULL DEFAULT now(), "applied_steps_count" INTEGER NOT NULL DEFAULT 0)`;

export function listMigrations(dir = migrationsDir): { name: string; sql: string; checksum: string }[] {
  return fs
    .readdirSync(dir, { withFileTypes: true })
    .filter((d) => d.isDirectory() && fs.existsSync(path.join(dir, d.name, 'migration.sql')))
    .map((d) => d.name)
    .sort()
    .map((name) => {
      const sql = fs.readFileSync(path.join(dir, name, 'migration.sql'), 'utf8');
      // Prisma's checksum: sha256 (hex) of the migration.sql content.
      return { name, sql, checksum: crypto.createHash('sha256').update(sql).digest('hex') };
    });
}

/**
 * Whether a migration adds an enum value. PostgreSQL refuses a value in the transaction that added it
 * (55P04 "unsafe use of new value": PostgreSQL 15 always, 18 unless the type was created in that
 * same transaction), and a later migration or a definition may use it (a LANGUAGE sql body is
 * checked at creation): such a migration ends its transaction. A false match (the words in a
 * comment) costs one extra commit, nothing else.
 */
export const addsEnumValue = (sql: string) => /\bALTER\s+TYPE\b[^;]*?\bADD\s+VALUE\b/i.test(sql);

/**
 * The pending migrations grouped into transactions: a group ends after each migration that adds an
 * enum value; the last group (maybe with no migration) also applies the definitions.
 */
export function transactionGroups<M extends { sql: string }>(pending: M[]): M[][] {
  const groups: M[][] = [[]];
  for (const m of pending) {
    groups.at(-1)!.push(m);
    if (addsEnumValue(m.sql)) groups.push([]);
  }
  return groups;
}

/**
 * Applies the committed migrations not yet applied, in name order, then the repeatable SQL
 * definitions (prisma/sql, see sql-definitions.ts) that changed — all of them when a migration ran.
 * One transaction holds them all, unless a migration adds an enum value: that migration commits
 * with those before it (transactionGroups), and the next transaction goes on. A failure leaves the
 * database as the last commit left it: each migration is applied whole or not at all and recorded
 * in its own transaction, and a commit that the definitions do not follow forgets which definitions
 * were applied, so the next run applies every one of them again. An advisory lock keeps two
 * starting processes from migrating at once. A recorded migration whose file changed since is an
 * error: committed migrations are never edited. A database made by the migrations squashed into the
 * baseline is adopted or refused first (squashed-migrations.ts).
 */
export async function applyMigrations(
  databaseUrl: string,
  dir = migrationsDir,
  definitions = definitionsDir,
): Promise<string[]> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const applied: string[] = [];
  try {
    await client.query('SELECT pg_advisory_lock(72707271)');
    await client.query(CREATE_HISTORY);
    await client.query(CREATE_DEFINITIONS_HISTORY);
    await adoptSquashedHistory(
      client,
      listMigrations(dir).find((m) => m.name === BASELINE_MIGRATION),
    );
    const pending = await pendingMigrations(client, dir);
    const groups = transactionGroups(pending);
    for (const [i, group] of groups.entries()) {
      await inTransactionOn(client, async () => {
        for (const m of group) await applyMigration(client, m);
        if (i < groups.length - 1) await client.query('DELETE FROM "_sql_definitions"');
        else await applyDefinitions(client, { all: pending.length > 0 }, definitions);
      });
      applied.push(...group.map((m) => m.name));
    }
  } finally {
    await client.query('SELECT pg_advisory_unlock(72707271)').catch(() => {});
    await client.end();
  }
  return applied;
}

type Migration = ReturnType<typeof listMigrations>[number];

async function pendingMigrations(client: pg.Client, dir: string): Promise<Migration[]> {
  const rows = await appliedMigrations.run(undefined, client);
  const done = new Map(rows.map((r) => [r.migration_name, r.checksum]));
  return listMigrations(dir).filter((m) => {
    const recorded = done.get(m.name);
    if (recorded && recorded !== m.checksum)
      throw new Error(`Migration ${m.name} was edited after it was applied (checksum differs)`);
    return !recorded;
  });
}

async function applyMigration(client: pg.Client, m: Migration): Promise<void> {
  try {
    await client.query(m.sql);
  } catch (e) {
    throw new Error(`Migration ${m.name} failed: ${(e as Error).message}`, { cause: e });
  }
  await client.query(
    `INSERT INTO "_prisma_migrations" (id, checksum, finished_at, migration_name, started_at, applied_steps_count)
     VALUES ($1, $2, now(), $3, now(), 1)`,
    [crypto.randomUUID(), m.checksum, m.name],
  );
}
