import { getPool } from '../../../platform/db/pool.js';

/**
 * Health per release from browsers' reports (vitals/), read from the per-minute tables: a window of
 * a day is at most 1,440 rows per release plus its vitals histogram (migration
 * 20261126100000_canary_releases).
 */
export const VITAL_METRICS = ['LCP', 'INP', 'CLS'] as const;
export type VitalMetric = (typeof VITAL_METRICS)[number];

/** Histogram bucket of a value: [1.1^b, 1.1^(b+1)) in ms (LCP, INP) or thousandths (CLS). */
export function vitalBucket(metric: VitalMetric, value: number): number {
  const scaled = metric === 'CLS' ? value * 1000 : value;
  return Math.min(200, Math.max(0, Math.floor(Math.log(Math.max(scaled, 1)) / Math.log(1.1))));
}

/** The 75th percentile from a histogram: the middle of the bucket holding it (within 5 %), in the metric's unit. */
export function p75(metric: VitalMetric, buckets: { bucket: number; samples: number }[]): number | null {
  const total = buckets.reduce((sum, b) => sum + b.samples, 0);
  if (total === 0) return null;
  let seen = 0;
  for (const b of [...buckets].sort((x, y) => x.bucket - y.bucket)) {
    seen += b.samples;
    if (seen >= total * 0.75) {
      const middle = 1.1 ** (b.bucket + 0.5);
      return metric === 'CLS' ? Math.round(middle) / 1000 : Math.round(middle);
    }
  }
  return null;
}

export interface ReleaseHealth {
  sessions: number;
  error_sessions: number;
  errors: number;
  boundary_errors: number;
  load_failures: number;
  error_rate: number | null;
  load_failure_rate: number | null;
  lcp_p75_ms: number | null;
  inp_p75_ms: number | null;
  cls_p75: number | null;
}

const rate = (x: number, n: number) => (n ? Math.round((x / n) * 10000) / 10000 : null);

/** Health of each release since `since` (zeroes for a release without reports). */
export async function readHealth(releaseIds: string[], since: Date): Promise<Map<string, ReleaseHealth>> {
  // sums per release over minutes (aggregates): SQL
  const pool = getPool();
  const [counts, vitals, failures] = await Promise.all([
    pool.query<{
      release_id: string;
      sessions: number;
      error_sessions: number;
      errors: number;
      boundary_errors: number;
    }>(
      `SELECT release_id, sum(sessions)::int AS sessions, sum(error_sessions)::int AS error_sessions, sum(errors)::int AS errors,
              sum(boundary_errors)::int AS boundary_errors
         FROM remote_health_minutes WHERE release_id = ANY($1::uuid[]) AND minute >= date_trunc('minute', $2::timestamptz) GROUP BY release_id`,
      [releaseIds, since],
    ),
    pool.query<{ release_id: string; metric: VitalMetric; bucket: number; samples: number }>(
      `SELECT release_id, metric, bucket, sum(samples)::int AS samples
         FROM remote_vitals_minutes WHERE release_id = ANY($1::uuid[]) AND minute >= date_trunc('minute', $2::timestamptz) GROUP BY 1, 2, 3`,
      [releaseIds, since],
    ),
    pool.query<{ release_id: string; n: number }>(
      `SELECT release_id, count(*)::int AS n FROM remote_load_failures WHERE release_id = ANY($1::uuid[]) AND created_at >= $2 GROUP BY release_id`,
      [releaseIds, since],
    ),
  ]);
  const result = new Map<string, ReleaseHealth>();
  for (const id of releaseIds) {
    const c = counts.rows.find((r) => r.release_id === id) ?? {
      sessions: 0,
      error_sessions: 0,
      errors: 0,
      boundary_errors: 0,
    };
    const loadFailures = failures.rows.find((r) => r.release_id === id)?.n ?? 0;
    const histogram = (metric: VitalMetric) => vitals.rows.filter((r) => r.release_id === id && r.metric === metric);
    result.set(id, {
      sessions: c.sessions,
      error_sessions: c.error_sessions,
      errors: c.errors,
      boundary_errors: c.boundary_errors,
      load_failures: loadFailures,
      error_rate: rate(c.error_sessions, c.sessions),
      load_failure_rate: rate(loadFailures, c.sessions + loadFailures),
      lcp_p75_ms: p75('LCP', histogram('LCP')),
      inp_p75_ms: p75('INP', histogram('INP')),
      cls_p75: p75('CLS', histogram('CLS')),
    });
  }
  return result;
}
