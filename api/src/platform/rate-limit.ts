import { getPool } from './db/pool.js';
import { getPrisma } from './db/prisma.js';
import { rateLimited } from './errors.js';
import { metrics, rateLimitName } from './metrics/index.js';

/**
 * Fixed-window counter in PostgreSQL (table rate_limit_buckets), so every API process shares it.
 * One statement: start a new window when the old one ended, else count this hit (an atomic upsert
 * computed in the database, so SQL).
 */
export async function hit(key: string, windowSeconds: number): Promise<{ hits: number; retryAfter: number }> {
  const { rows } = await getPool().query<{ hits: number; retry_after: number }>(
    `INSERT INTO rate_limit_buckets AS b (key, window_start, hits) VALUES ($1, now(), 1)
     ON CONFLICT (key) DO UPDATE SET
       hits = CASE WHEN b.window_start <= now() - make_interval(secs => $2) THEN 1 ELSE b.hits + 1 END,
       window_start = CASE WHEN b.window_start <= now() - make_interval(secs => $2) THEN now() ELSE b.window_start END
     RETURNING hits, ceil(extract(epoch FROM b.window_start + make_interval(secs => $2) - now()))::int AS retry_after`,
    [key, windowSeconds],
  );
  const row = rows[0]!;
  return { hits: row.hits, retryAfter: Math.max(1, row.retry_after) };
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
