// `pnpm --filter @portal/api check:schema`: applies the committed migrations to a fresh database
// and fails (exit 1) when the catalog disagrees with prisma/schema.prisma. With DATABASE_URL set
// the fresh database is created on that server (and dropped after); else in a throwaway embedded
// PostgreSQL.
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { apiRoot } from '../src/platform/config.js';
import { ensureDatabaseExists, startEmbeddedPostgres } from '../src/platform/db/embedded.js';
import { applyMigrations, listMigrations } from '../src/platform/db/migrate.js';
import { compareDefinitions } from '../src/platform/db/sql-definitions.js';
import { diffShapes, shapeFromDatabase, shapeFromPrisma } from './schema-diff.js';

const schema = fs.readFileSync(path.join(apiRoot, 'prisma', 'schema.prisma'), 'utf8');
const name = `schema_check_${crypto.randomBytes(4).toString('hex')}`;
let adminUrl: string;
let urlFor: (db: string) => string;
let cleanup: () => Promise<void>;

if (process.env.DATABASE_URL) {
  const base = new URL(process.env.DATABASE_URL);
  urlFor = (db) => {
    const u = new URL(base);
    u.pathname = `/${db}`;
    return u.toString();
  };
  adminUrl = process.env.DATABASE_URL;
  cleanup = async () => {
    const c = new pg.Client({ connectionString: adminUrl });
    await c.connect();
    await c.query(`DROP DATABASE IF EXISTS ${name}`);
    await c.end();
  };
} else {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-schema-check-'));
  fs.chmodSync(dir, 0o755);
  const port = 20000 + Math.floor(Math.random() * 20000);
  const server = await startEmbeddedPostgres({ dataDir: path.join(dir, 'data'), port, persistent: false });
  adminUrl = server.adminUrl;
  urlFor = server.urlFor;
  cleanup = async () => {
    await server.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  };
}

// Migrations change tables; every function, trigger and view has its one definition in prisma/sql.
function definitionsInMigrations(): string[] {
  return listMigrations()
    .filter((m) => /^\s*CREATE\s+(OR\s+REPLACE\s+)?(FUNCTION|TRIGGER|VIEW)\b/im.test(m.sql))
    .map((m) => `migration ${m.name} defines a function, trigger or view: put its definition in prisma/sql`);
}

let exitCode = 0;
try {
  await ensureDatabaseExists(adminUrl, name);
  const applied = await applyMigrations(urlFor(name));
  const client = new pg.Client({ connectionString: urlFor(name) });
  await client.connect();
  const differences = diffShapes(await shapeFromDatabase(client), shapeFromPrisma(schema));
  const definitions = [...(await compareDefinitions(client)), ...definitionsInMigrations()];
  await client.end();
  if (differences.length) {
    console.error(`schema.prisma and the migrations disagree (${differences.length}):\n  ${differences.join('\n  ')}`);
    exitCode = 1;
  } else {
    console.log(
      `schema.prisma matches the ${applied.length} migrations (tables, columns, types, nullability, enums, keys, foreign keys)`,
    );
  }
  if (definitions.length) {
    console.error(
      `functions, triggers and views disagree with prisma/sql (${definitions.length}):\n  ${definitions.join('\n  ')}`,
    );
    exitCode = 1;
  } else {
    console.log('every function, trigger and view in the database is the one in prisma/sql');
  }
} finally {
  await cleanup();
}
process.exit(exitCode);
