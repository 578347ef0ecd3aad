import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { ensureDatabaseExists, startEmbeddedPostgres } from '../src/platform/db/embedded.js';

/**
 * Runs `work` against a new empty database and removes it after: on the server of DATABASE_URL when
 * set (the database is created there and dropped), else in a throwaway embedded PostgreSQL. For the
 * checks and generators that need the schema the migrations build (check:schema, generate:sql-types).
 */
export async function withFreshDatabase<T>(prefix: string, work: (url: string) => Promise<T>): Promise<T> {
  const name = `${prefix}_${crypto.randomBytes(4).toString('hex')}`;
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
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), `portal-${prefix}-`));
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
  try {
    await ensureDatabaseExists(adminUrl, name);
    return await work(urlFor(name));
  } finally {
    await cleanup();
  }
}
