import type { z } from '@hono/zod-openapi';
import { remotesFor } from '../../../platform/http/canary-split.js';
import { releaseEntry, withPreview } from '../../../platform/http/remote-registry.js';
import { inTransaction } from '../../../platform/db/transaction.js';
import { vitalBucket } from '../canaries/health.js';
import type { VitalsReport } from './routes.js';

type Report = z.infer<typeof VitalsReport>;

/**
 * The release `remote` at `version` as served to this user now (their side of a canary, or the
 * release an admin previews), or null: a report about anything else is refused, so a browser
 * cannot count against a release it was never given.
 */
export async function servedRelease(
  userId: string,
  previewId: string | null,
  remote: string,
  version: string,
): Promise<{ id: string; split: boolean } | null> {
  const served = withPreview(await remotesFor(userId), previewId ? await releaseEntry(previewId) : null);
  const entry = served.find((r) => r.name === remote && r.version === version);
  return entry ? { id: entry.releaseId, split: entry.split } : null;
}

/** Adds a report to its release's minute (counters and the vitals histogram), in one transaction. */
export async function recordReport(releaseId: string, report: Report): Promise<void> {
  const buckets = new Map<string, { metric: string; bucket: number; samples: number }>();
  for (const v of report.vitals) {
    const bucket = vitalBucket(v.name, v.value);
    const key = `${v.name}:${bucket}`;
    buckets.set(key, { metric: v.name, bucket, samples: (buckets.get(key)?.samples ?? 0) + 1 });
  }
  // counters added in one statement per table (INSERT ... ON CONFLICT adding, every bucket at once): SQL
  await inTransaction(async (db) => {
    await db.query(
      `INSERT INTO remote_health_minutes (release_id, minute, sessions, error_sessions, errors, boundary_errors) VALUES ($1, date_trunc('minute', now()), $2, $3, $4, $5)
       ON CONFLICT (release_id, minute) DO UPDATE SET sessions = remote_health_minutes.sessions + EXCLUDED.sessions,
         error_sessions = remote_health_minutes.error_sessions + EXCLUDED.error_sessions, errors = remote_health_minutes.errors + EXCLUDED.errors,
         boundary_errors = remote_health_minutes.boundary_errors + EXCLUDED.boundary_errors`,
      [releaseId, Number(report.session_start), Number(report.error_session), report.errors, report.boundary_errors],
    );
    if (buckets.size === 0) return;
    const rows = [...buckets.values()];
    await db.query(
      `INSERT INTO remote_vitals_minutes (release_id, minute, metric, bucket, samples)
       SELECT $1, date_trunc('minute', now()), m, b, n FROM unnest($2::text[], $3::int[], $4::int[]) AS t(m, b, n)
       ON CONFLICT (release_id, minute, metric, bucket) DO UPDATE SET samples = remote_vitals_minutes.samples + EXCLUDED.samples`,
      [releaseId, rows.map((r) => r.metric), rows.map((r) => r.bucket), rows.map((r) => r.samples)],
    );
  });
}
