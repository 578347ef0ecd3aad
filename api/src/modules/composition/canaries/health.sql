/* @name HealthCounts */
SELECT release_id, sum(sessions)::int AS "sessions!", sum(error_sessions)::int AS "error_sessions!", sum(errors)::int AS "errors!",
       sum(boundary_errors)::int AS "boundary_errors!"
  FROM remote_health_minutes WHERE release_id = ANY(:releaseIds!::uuid[]) AND minute >= date_trunc('minute', :since!::timestamptz) GROUP BY release_id;

/* @name VitalsHistogram */
SELECT release_id, metric, bucket, sum(samples)::int AS "samples!"
  FROM remote_vitals_minutes WHERE release_id = ANY(:releaseIds!::uuid[]) AND minute >= date_trunc('minute', :since!::timestamptz) GROUP BY 1, 2, 3;

/* @name LoadFailureCounts */
SELECT release_id, count(*)::int AS "n!" FROM remote_load_failures WHERE release_id = ANY(:releaseIds!::uuid[]) AND created_at >= :since! GROUP BY release_id;
