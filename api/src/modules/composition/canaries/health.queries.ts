// Generated from health.sql and the database by pgtyped (scripts/sql-types.ts): do not edit.
// Regenerate after changing the .sql file, a migration or prisma/sql: pnpm --filter @portal/api generate:sql-types
import { PreparedQuery } from '../../../platform/db/typed-sql.js';

export type DateOrString = Date | string;

export type stringArray = (string)[];

/** 'HealthCounts' parameters type */
export interface IHealthCountsParams {
  releaseIds: stringArray;
  since: DateOrString;
}

/** 'HealthCounts' return type */
export interface IHealthCountsResult {
  boundary_errors: number;
  error_sessions: number;
  errors: number;
  release_id: string;
  sessions: number;
}

/** 'HealthCounts' query type */
export interface IHealthCountsQuery {
  params: IHealthCountsParams;
  result: IHealthCountsResult;
}

const healthCountsIR: any = {"usedParamSet":{"releaseIds":true,"since":true},"params":[{"name":"releaseIds","required":true,"transform":{"type":"scalar"},"locs":[{"a":239,"b":250}]},{"name":"since","required":true,"transform":{"type":"scalar"},"locs":[{"a":296,"b":302}]}],"statement":"SELECT release_id, sum(sessions)::int AS \"sessions!\", sum(error_sessions)::int AS \"error_sessions!\", sum(errors)::int AS \"errors!\",\n       sum(boundary_errors)::int AS \"boundary_errors!\"\n  FROM remote_health_minutes WHERE release_id = ANY(:releaseIds!::uuid[]) AND minute >= date_trunc('minute', :since!::timestamptz) GROUP BY release_id"};

/**
 * Query generated from SQL:
 * ```
 * SELECT release_id, sum(sessions)::int AS "sessions!", sum(error_sessions)::int AS "error_sessions!", sum(errors)::int AS "errors!",
 *        sum(boundary_errors)::int AS "boundary_errors!"
 *   FROM remote_health_minutes WHERE release_id = ANY(:releaseIds!::uuid[]) AND minute >= date_trunc('minute', :since!::timestamptz) GROUP BY release_id
 * ```
 */
export const healthCounts = new PreparedQuery<IHealthCountsParams,IHealthCountsResult>(healthCountsIR);


/** 'VitalsHistogram' parameters type */
export interface IVitalsHistogramParams {
  releaseIds: stringArray;
  since: DateOrString;
}

/** 'VitalsHistogram' return type */
export interface IVitalsHistogramResult {
  bucket: number;
  metric: string;
  release_id: string;
  samples: number;
}

/** 'VitalsHistogram' query type */
export interface IVitalsHistogramQuery {
  params: IVitalsHistogramParams;
  result: IVitalsHistogramResult;
}

const vitalsHistogramIR: any = {"usedParamSet":{"releaseIds":true,"since":true},"params":[{"name":"releaseIds","required":true,"transform":{"type":"scalar"},"locs":[{"a":119,"b":130}]},{"name":"since","required":true,"transform":{"type":"scalar"},"locs":[{"a":176,"b":182}]}],"statement":"SELECT release_id, metric, bucket, sum(samples)::int AS \"samples!\"\n  FROM remote_vitals_minutes WHERE release_id = ANY(:releaseIds!::uuid[]) AND minute >= date_trunc('minute', :since!::timestamptz) GROUP BY 1, 2, 3"};

/**
 * Query generated from SQL:
 * ```
 * SELECT release_id, metric, bucket, sum(samples)::int AS "samples!"
 *   FROM remote_vitals_minutes WHERE release_id = ANY(:releaseIds!::uuid[]) AND minute >= date_trunc('minute', :since!::timestamptz) GROUP BY 1, 2, 3
 * ```
 */
export const vitalsHistogram = new PreparedQuery<IVitalsHistogramParams,IVitalsHistogramResult>(vitalsHistogramIR);


/** 'LoadFailureCounts' parameters type */
export interface ILoadFailureCountsParams {
  releaseIds: stringArray;
  since: DateOrString;
}

/** 'LoadFailureCounts' return type */
export interface ILoadFailureCountsResult {
  n: number;
  release_id: string;
}

/** 'LoadFailureCounts' query type */
export interface ILoadFailureCountsQuery {
  params: ILoadFailureCountsParams;
  result: ILoadFailureCountsResult;
}

const loadFailureCountsIR: any = {"usedParamSet":{"releaseIds":true,"since":true},"params":[{"name":"releaseIds","required":true,"transform":{"type":"scalar"},"locs":[{"a":90,"b":101}]},{"name":"since","required":true,"transform":{"type":"scalar"},"locs":[{"a":130,"b":136}]}],"statement":"SELECT release_id, count(*)::int AS \"n!\" FROM remote_load_failures WHERE release_id = ANY(:releaseIds!::uuid[]) AND created_at >= :since! GROUP BY release_id"};

/**
 * Query generated from SQL:
 * ```
 * SELECT release_id, count(*)::int AS "n!" FROM remote_load_failures WHERE release_id = ANY(:releaseIds!::uuid[]) AND created_at >= :since! GROUP BY release_id
 * ```
 */
export const loadFailureCounts = new PreparedQuery<ILoadFailureCountsParams,ILoadFailureCountsResult>(loadFailureCountsIR);


