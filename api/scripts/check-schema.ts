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
import { applyMigrations } from '../src/platform/db/migrate.js';
import { diffShapes, shapeFromDatabase, shapeFromPrisma } from './schema-diff.js';

const schema = fs.readFileSync(path.join(apiRoot, 'prisma', 'schema.prisma'), 'utf8');
const name = `schema_check_${crypto.randomBytes(4).toString('hex')}`;
let adminUrl: string;
let urlFor: (db: string) => string;
let cleanup: () => Promise<void>;

if (process.env.DATABASE_URL) {
  const base = new URL(process.env.DATABASE_URL);
  urlFor = (db) => { const u = new URL(base); u.pathname = `/${db}`; return u.toString(); };
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
  cleanup = async () => { await server.stop(); fs.rmSync(dir, { recursive: true, force: true }); };
}

let exitCode = 0;
try {
  await ensureDatabaseExists(adminUrl, name);
  const applied = await applyMigrations(urlFor(name));
  const client = new pg.Client({ connectionString: urlFor(name) });
  await client.connect();
  const differences = diffShapes(await shapeFromDatabase(client), shapeFromPrisma(schema));
  await client.end();
  if (differences.length) {
    console.error(`schema.prisma and the migrations disagree (${differences.length}):\n  ${differences.join('\n  ')}`);
    exitCode = 1;
  } else {
    console.log(`schema.prisma matches the ${applied.length} migrations (tables, columns, types, nullability, enums, keys, foreign keys)`);
  }
} finally {
  await cleanup();
}
process.exit(exitCode);
