import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { apiRoot } from '../config.js';
import { applyDefinitions, CREATE_DEFINITIONS_HISTORY, definitionsDir } from './sql-definitions.js';

export const migrationsDir = path.join(apiRoot, 'prisma', 'migrations');

/** Same table Prisma Migrate keeps, so `prisma migrate status` agrees with what we applied. */
const CREATE_HISTORY = `CREATE TABLE IF NOT EXISTS "_prisma_migrations" (
  "id" VARCHAR(36) PRIMARY KEY NOT NULL, "checksum" VARCHAR(64) NOT NULL, "finished_at" TIMESTAMPTZ,
  "migration_name" VARCHAR(255) NOT NULL, "logs" TEXT, "rolled_back_at" TIMESTAMPTZ,
  "started_at" TIMESTAMPTZ NOT NULL DEFAULT now(), "applied_steps_count" INTEGER NOT NULL DEFAULT 0)`;

export function listMigrations(dir = migrationsDir): { name: string; sql: string; checksum: string }[] {
  return fs.readdirSync(dir, { withFileTypes: true })
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
 * Applies the committed migrations not yet applied, in name order, then the repeatable SQL
 * definitions (prisma/sql, see sql-definitions.ts) that changed — all of them when a migration ran —
 * in ONE transaction: a failure anywhere leaves the database as it was. An advisory lock keeps two
 * starting processes from migrating at once. A recorded migration whose file changed since is an
 * error: committed migrations are never edited.
 */
export async function applyMigrations(databaseUrl: string, dir = migrationsDir, definitions = definitionsDir): Promise<string[]> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const applied: string[] = [];
  try {
    await client.query('SELECT pg_advisory_lock(72707271)');
    await client.query(CREATE_HISTORY);
    await client.query(CREATE_DEFINITIONS_HISTORY);
    const { rows } = await client.query<{ migration_name: string; checksum: string }>(
      'SELECT migration_name, checksum FROM "_prisma_migrations" WHERE rolled_back_at IS NULL AND finished_at IS NOT NULL');
    const done = new Map(rows.map((r) => [r.migration_name, r.checksum]));
    const pending = listMigrations(dir).filter((m) => {
      const recorded = done.get(m.name);
      if (recorded && recorded !== m.checksum) throw new Error(`Migration ${m.name} was edited after it was applied (checksum differs)`);
      return !recorded;
    });
    await client.query('BEGIN');
    try {
      for (const m of pending) {
        try {
          await client.query(m.sql);
        } catch (e) {
          throw new Error(`Migration ${m.name} failed: ${(e as Error).message}`, { cause: e });
        }
        await client.query(
          `INSERT INTO "_prisma_migrations" (id, checksum, finished_at, migration_name, started_at, applied_steps_count)
           VALUES ($1, $2, now(), $3, now(), 1)`, [crypto.randomUUID(), m.checksum, m.name]);
        applied.push(m.name);
      }
      await applyDefinitions(client, { all: pending.length > 0 }, definitions);
      await client.query('COMMIT');
    } catch (e) {
      await client.query('ROLLBACK');
      throw e;
    }
  } finally {
    await client.query('SELECT pg_advisory_unlock(72707271)').catch(() => {});
    await client.end();
  }
  return applied;
}
