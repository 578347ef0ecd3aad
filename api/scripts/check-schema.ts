// `pnpm --filter @portal/api check:schema`: applies the committed migrations to a fresh database
// and fails (exit 1) when the catalog disagrees with prisma/schema.prisma. With DATABASE_URL set
// the fresh database is created on that server (and dropped after); else in a throwaway embedded
// PostgreSQL.
import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { apiRoot } from '../src/platform/config.js';
import { applyMigrations, listMigrations } from '../src/platform/db/migrate.js';
import { compareDefinitions } from '../src/platform/db/sql-definitions.js';
import { withFreshDatabase } from './fresh-database.js';
import { diffShapes, shapeFromDatabase, shapeFromPrisma } from './schema-diff.js';

const schema = fs.readFileSync(path.join(apiRoot, 'prisma', 'schema.prisma'), 'utf8');

// Migrations change tables; every function, trigger and view has its one definition in prisma/sql.
function definitionsInMigrations(): string[] {
  return listMigrations()
    .filter((m) => /^\s*CREATE\s+(OR\s+REPLACE\s+)?(FUNCTION|TRIGGER|VIEW)\b/im.test(m.sql))
    .map((m) => `migration ${m.name} defines a function, trigger or view: put its definition in prisma/sql`);
}

const exitCode = await withFreshDatabase('schema_check', async (url) => {
  let failed = 0;
  const applied = await applyMigrations(url);
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const differences = diffShapes(await shapeFromDatabase(client), shapeFromPrisma(schema));
  const definitions = [...(await compareDefinitions(client)), ...definitionsInMigrations()];
  await client.end();
  if (differences.length) {
    console.error(`schema.prisma and the migrations disagree (${differences.length}):\n  ${differences.join('\n  ')}`);
    failed = 1;
  } else {
    console.log(
      `schema.prisma matches the ${applied.length} migrations (tables, columns, types, nullability, enums, keys, foreign keys)`,
    );
  }
  if (definitions.length) {
    console.error(
      `functions, triggers and views disagree with prisma/sql (${definitions.length}):\n  ${definitions.join('\n  ')}`,
    );
    failed = 1;
  } else {
    console.log('every function, trigger and view in the database is the one in prisma/sql');
  }
  return failed;
});
process.exit(exitCode);
