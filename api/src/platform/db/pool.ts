import pg from 'pg';
import { logger } from '../logger.js';

// numeric (1700) and bigint (20) stay strings: money is never a JavaScript float.
let url: string | undefined = process.env.DATABASE_URL;
let pool: pg.Pool | undefined;

/** Points the process at a database (set once at start, or per test file). */
export function setDatabaseUrl(next: string): void {
  if (pool) throw new Error('setDatabaseUrl after the pool was created');
  url = next;
}

export function getDatabaseUrl(): string {
  if (!url) throw new Error('No database configured: call prepareDatabase() first or set DATABASE_URL');
  return url;
}

/** The shared pg pool: the ledger's hot path and raw SQL use it directly. */
export function getPool(): pg.Pool {
  if (!pool) {
    pool = new pg.Pool({
      connectionString: getDatabaseUrl(),
      max: Number(process.env.PG_POOL_MAX ?? 10),
      idleTimeoutMillis: 30_000,
    });
    // An idle connection dropped by the server (restart, shutdown) must not crash the process;
    // the pool replaces it on next use.
    pool.on('error', (err) => logger.warn({ err }, 'idle database connection lost'));
  }
  return pool;
}

export async function closePool(): Promise<void> {
  const p = pool;
  pool = undefined;
  await p?.end();
}
