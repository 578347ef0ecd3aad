import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { ensureDatabaseExists, pickPort, startEmbeddedPostgres } from '../src/platform/db/embedded.js';
import { applyMigrations } from '../src/platform/db/migrate.js';
import { seedBase } from '../src/platform/db/base-seed.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** postgresql://... of the test server, without database name (append one). */
    pgServerUrl: string;
    templateDatabase: string;
  }
}

const TEMPLATE = 'portal_template';

/**
 * Starts ONE PostgreSQL for the whole run (DATABASE_URL of a real server may be given as
 * TEST_DATABASE_SERVER_URL instead), builds the template database: migrations + base seed.
 */
export default async function setup(project: TestProject) {
  let serverUrl = process.env.TEST_DATABASE_SERVER_URL; // e.g. postgresql://u:p@host:5432
  let stop = async () => {};
  if (!serverUrl) {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-test-pg-'));
    fs.chmodSync(dataDir, 0o755);
    const server = await startEmbeddedPostgres({
      dataDir: path.join(dataDir, 'data'),
      port: await pickPort(0),
      persistent: false,
    });
    serverUrl = server.adminUrl.replace(/\/postgres$/, '');
    stop = async () => {
      await server.stop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    };
  }
  const admin = `${serverUrl}/postgres`;
  const client = new pg.Client({ connectionString: admin });
  await client.connect();
  await client.query(`DROP DATABASE IF EXISTS ${TEMPLATE}`);
  await client.end();
  await ensureDatabaseExists(admin, TEMPLATE);
  await applyMigrations(`${serverUrl}/${TEMPLATE}`);
  const pool = new pg.Pool({ connectionString: `${serverUrl}/${TEMPLATE}` });
  await seedBase(pool);
  await pool.end();

  project.provide('pgServerUrl', serverUrl);
  project.provide('templateDatabase', TEMPLATE);
  return stop;
}
