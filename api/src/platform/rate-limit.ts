import { getPool } from './db/pool.js';
import { getPrisma } from './db/prisma.js';
import { rateLimited } from './errors.js';
import { metrics, rateLimitName } from './metrics/index.js';
import { hit as hitQuery } from './rate-limit.queries.js';

/**
 * Fixed-window counter in PostgreSQL (table rate_limit_buckets), so every API process shares it.
 * One statement: start a new window when the old one ended, else count this hit (an atomic upsert
 * computed in the database, so SQL: ./rate-limit.sql).
 */
export async function hit(key: string, windowSeconds: number): Promise<{ hits: number; retryAfter: number }> {
  const [row] = await hitQuery.run({ key, windowSeconds }, getPool()); // an upsert: always one row
  const { hits, retry_after: retryAfter } = row!;
  return { hits, retryAfter: Math.max(1, retryAfter) };
}

/** Counts a hit and throws 429 with `message` once `limit` hits fall in the window. */
export async function enforce(
  key: string,
  limit: number,
  windowSeconds: number,
  message: (retryAfter: number) => string,
): Promise<void> {
  const { hits, retryAfter } = await hit(key, windowSeconds);
  if (hits > limit) {
    metrics.rateLimitRefusals.inc({ limit: rateLimitName(key) });
    throw rateLimited(message(retryAfter), retryAfter);
  }
}

export async function reset(key: string): Promise<void> {
  await getPrisma().rateLimitBucket.deleteMany({ where: { key } });
}
