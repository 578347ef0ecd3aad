import crypto from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, inject } from 'vitest';
import { ensureDatabaseExists } from './embedded.js';
import { applyMigrations } from './migrate.js';
import { BASELINE_MIGRATION, SQUASHED_MIGRATIONS, squashedHistoryProblems } from './squashed-migrations.js';

// The migrations of 2026-01 were squashed into one baseline before anything was deployed. A database
// they made recorded them in _prisma_migrations: with all of them, unedited, its schema is the
// baseline's (compared catalog for catalog when the baseline was made), so it is adopted; with some
// missing or edited it is refused with the reason, and nothing is changed.

describe('a database made by the migrations squashed into the baseline', () => {
  let url: string;
  let db: pg.Pool;
  beforeAll(async () => {
    const name = `squashed_${crypto.randomBytes(4).toString('hex')}`;
    await ensureDatabaseExists(`${inject('pgServerUrl')}/postgres`, name);
    url = `${inject('pgServerUrl')}/${name}`;
    db = new pg.Pool({ connectionString: url, max: 1 });
    await applyMigrations(url);
  });
  afterAll(() => db.end());

  const history = async () =>
    (
      await db.query<{ migration_name: string }>(
        'SELECT migration_name FROM "_prisma_migrations" ORDER BY migration_name',
      )
    ).rows.map((r) => r.migration_name);
  /** Makes the history the one the squashed migrations would have left, with `change` applied to the list first. */
  // (the migrations made after the baseline stay recorded: a database of the old ones had those applied on top too)
  async function recordSquashed(change: (rows: [string, string][]) => [string, string][]) {
    await db.query('DELETE FROM "_prisma_migrations" WHERE migration_name <= $1', [BASELINE_MIGRATION]);
    for (const [name, checksum] of change([...SQUASHED_MIGRATIONS])) {
      await db.query(
        `INSERT INTO "_prisma_migrations" (id, checksum, finished_at, migration_name, applied_steps_count) VALUES ($1, $2, now(), $3, 1)`,
        [crypto.randomUUID(), checksum, name],
      );
    }
  }

  it('names the missing and the edited migrations, and finds nothing wrong in the complete history', () => {
    const all = new Map(SQUASHED_MIGRATIONS);
    expect(squashedHistoryProblems(all)).toEqual([]);
    const [first, second] = [...SQUASHED_MIGRATIONS.keys()];
    all.delete(first!);
    all.set(second!, 'edited');
    expect(squashedHistoryProblems(all)).toEqual([
      `1 of its 26 migrations were never applied (${first})`,
      `applied from files that differ from the squashed ones (${second})`,
    ]);
  });

  it('with every squashed migration recorded, unedited, it is adopted: the baseline is recorded instead and nothing is applied again', async () => {
    await recordSquashed((rows) => rows);
    expect(await applyMigrations(url)).toEqual([]);
    expect((await history()).filter((m) => m <= BASELINE_MIGRATION)).toEqual([BASELINE_MIGRATION]);
    expect((await db.query(`SELECT count(*)::int AS n FROM transaction_limit_caps`)).rows[0].n).toBe(3);
  });

  it('with a squashed migration missing it is refused with the reason, and its history stays as it was', async () => {
    await recordSquashed((rows) => rows.slice(0, -1));
    const last = [...SQUASHED_MIGRATIONS.keys()].at(-1);
    await expect(applyMigrations(url)).rejects.toThrow(
      `This database was made by the migrations squashed into ${BASELINE_MIGRATION} and cannot be adopted: 1 of its 26 migrations were never applied (${last}).`,
    );
    expect((await history()).filter((m) => m < BASELINE_MIGRATION)).toEqual(
      [...SQUASHED_MIGRATIONS.keys()].slice(0, -1),
    );
  });

  it('with a squashed migration applied from another file it is refused with the reason', async () => {
    await recordSquashed((rows) => rows.map(([name, checksum], i) => [name, i === 0 ? 'a'.repeat(64) : checksum]));
    await expect(applyMigrations(url)).rejects.toThrow(
      /applied from files that differ from the squashed ones \(20260101000000_init\)/,
    );
    expect((await history()).filter((m) => m < BASELINE_MIGRATION)).toHaveLength(26);
  });
});
