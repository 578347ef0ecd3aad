import path from 'node:path';
import { portalHome } from '../config.js';
import {
  ensureDatabaseExists,
  pickPort,
  releaseDataFolder,
  runningServerUrl,
  startEmbeddedPostgres,
  type EmbeddedServer,
} from './embedded.js';
import { applyMigrations } from './migrate.js';
import { setDatabaseUrl } from './pool.js';

export interface PreparedDatabase {
  url: string;
  /** Human-readable, without the password (printed at start). */
  label: string;
  embedded?: EmbeddedServer;
  appliedMigrations: string[];
}

/**
 * DATABASE_URL set: use that server. Unset: start embedded PostgreSQL with its data in
 * $PORTAL_HOME/pg (port PORTAL_PG_PORT, default 54329 or a free one), create database `portal`;
 * a server of that folder left behind by a killed API is stopped first (releaseDataFolder).
 * Either way the committed migrations are applied before the app serves.
 */
export async function prepareDatabase(log: (m: string) => void = () => {}): Promise<PreparedDatabase> {
  let url = process.env.DATABASE_URL;
  let embedded: EmbeddedServer | undefined;
  if (!url) {
    const dataDir = path.join(portalHome(), 'pg');
    // A server left running by a crashed start holds the folder (and maybe the default port): stop it first.
    await releaseDataFolder(dataDir, log);
    // PORTAL_PG_PORT pins the port; by default 54329, or any free port when another server has it
    // (the data folder, not the port, is what a second start reuses).
    const port = process.env.PORTAL_PG_PORT ? Number(process.env.PORTAL_PG_PORT) : await pickPort(54329);
    log(`starting embedded PostgreSQL (data in ${dataDir}, port ${port})`);
    embedded = await startEmbeddedPostgres({ dataDir, port, persistent: true, log });
    await ensureDatabaseExists(embedded.adminUrl, 'portal');
    url = embedded.urlFor('portal');
  }
  // behind a transaction pooler the migrations (advisory lock, one session) go to the primary directly
  const appliedMigrations = await applyMigrations(process.env.DATABASE_SESSION_URL || url);
  setDatabaseUrl(url);
  const u = new URL(url);
  const label = `${embedded ? 'embedded ' : ''}postgresql://${u.hostname}:${u.port || 5432}${u.pathname}`;
  return { url, label, embedded, appliedMigrations };
}

/**
 * For tools that work beside the portal (scripts/publish-remote.mjs): DATABASE_URL when set, else the
 * embedded server a running portal serves from $PORTAL_HOME/pg, else that server started for the tool
 * (migrated; the caller stops it). Never stops a running portal's server.
 */
export async function attachDatabase(log: (m: string) => void = () => {}): Promise<PreparedDatabase> {
  const running = process.env.DATABASE_URL ? null : runningServerUrl(path.join(portalHome(), 'pg'), 'portal');
  if (!running) return prepareDatabase(log);
  setDatabaseUrl(running);
  const u = new URL(running);
  return {
    url: running,
    label: `embedded postgresql://${u.hostname}:${u.port}${u.pathname} (running portal)`,
    appliedMigrations: [],
  };
}
