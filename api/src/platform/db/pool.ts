import os from 'node:os';
import pg from 'pg';
import { logger } from '../logger.js';
import { watchPool } from '../metrics/index.js';

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

/**
 * Client-side time limits, so a database that stops answering (frozen, partitioned) turns into a
 * quick 503 instead of requests that hang: server-side statement_timeout cannot fire when the
 * server itself is stuck. Every query here is short (money moves in one statement; the CSV export
 * reads in batches), so 5 s is far above normal and well below a client's patience.
 */
export const poolTimeouts = {
  connectionTimeoutMillis: Number(process.env.PG_CONNECT_TIMEOUT_MS ?? 3_000),
  query_timeout: Number(process.env.PG_QUERY_TIMEOUT_MS ?? 5_000),
  keepAlive: true,
} satisfies pg.PoolConfig;

/**
 * Connections of the shared pool unless PG_POOL_MAX says otherwise: 2 x cores + 2. PostgreSQL does
 * CPU work per statement, so more connections than it has cores to run them only add contention
 * (bench api-transfers on 2 cores, 50 clients: PostgreSQL CPU per transfer 0.45 ms at 6 connections,
 * 0.55-0.62 ms at 16) while queueing in the pool is cheap and first come, first served.
 */
export const DEFAULT_POOL_SIZE = 2 * os.availableParallelism() + 2;

/** The process's one pg pool: SQL, Prisma (db/prisma.ts) and the job queue (platform/jobs) share its connections. */
export function getPool(): pg.Pool {
  if (!pool) {
    pool = new pg.Pool({
      connectionString: getDatabaseUrl(),
      max: Number(process.env.PG_POOL_MAX ?? DEFAULT_POOL_SIZE),
      idleTimeoutMillis: 30_000,
      ...poolTimeouts,
    });
    // An idle connection dropped by the server (restart, shutdown) must not crash the process;
    // the pool replaces it on next use.
    pool.on('error', (err) => logger.warn({ err }, 'idle database connection lost'));
    // A checked-out client whose connection drops between two queries (a failover, PgBouncer
    // restarting) emits 'error'; unheard, that ends the process. The request's next query fails (503).
    pool.on('connect', (client) =>
      client.on('error', (err) => logger.debug({ err }, 'database connection lost while checked out')),
    );
    watchPool(pool);
  }
  return pool;
}

export async function closePool(): Promise<void> {
  const p = pool;
  pool = undefined;
  await p?.end();
}
