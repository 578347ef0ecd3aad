// Generated from service.sql and the database by pgtyped (scripts/sql-types.ts): do not edit.
// Regenerate after changing the .sql file, a migration or prisma/sql: pnpm --filter @portal/api generate:sql-types
import { PreparedQuery } from '../../../platform/db/typed-sql.js';

export type DateOrString = Date | string;

export type NumberOrString = number | string;

/** 'PrunableReleases' parameters type */
export interface IPrunableReleasesParams {
  days: number;
  keep: NumberOrString;
  now: DateOrString;
  releaseId?: string | null | void;
}

/** 'PrunableReleases' return type */
export interface IPrunableReleasesResult {
  id: string;
  remote: string;
  version: string;
}

/** 'PrunableReleases' query type */
export interface IPrunableReleasesQuery {
  params: IPrunableReleasesParams;
  result: IPrunableReleasesResult;
}

const prunableReleasesIR: any = {"usedParamSet":{"keep":true,"now":true,"days":true,"releaseId":true},"params":[{"name":"keep","required":true,"transform":{"type":"scalar"},"locs":[{"a":183,"b":188}]},{"name":"now","required":true,"transform":{"type":"scalar"},"locs":[{"a":384,"b":388},{"a":540,"b":544}]},{"name":"days","required":true,"transform":{"type":"scalar"},"locs":[{"a":427,"b":432},{"a":583,"b":588}]},{"name":"releaseId","required":false,"transform":{"type":"scalar"},"locs":[{"a":684,"b":693},{"a":719,"b":728}]}],"statement":"SELECT r.id, r.remote, r.version FROM (\n  SELECT id, remote, version, row_number() OVER (PARTITION BY remote ORDER BY published_at DESC, id) AS n FROM remote_releases) r\n WHERE r.n > :keep!\n   AND NOT EXISTS (SELECT 1 FROM remote_current c WHERE c.release_id = r.id)\n   AND NOT EXISTS (SELECT 1 FROM remote_canaries k WHERE k.release_id = r.id AND (k.ended_at IS NULL OR k.ended_at > :now!::timestamptz - make_interval(days => :days!)))\n   AND NOT EXISTS (SELECT 1 FROM remote_release_retired t WHERE t.release_id = r.id AND t.retired_at > :now!::timestamptz - make_interval(days => :days!))\n   AND NOT EXISTS (SELECT 1 FROM remote_release_pruned p WHERE p.release_id = r.id)\n   AND (:releaseId::uuid IS NULL OR r.id = :releaseId)\n ORDER BY r.remote, r.version"};

/**
 * Query generated from SQL:
 * ```
 * SELECT r.id, r.remote, r.version FROM (
 *   SELECT id, remote, version, row_number() OVER (PARTITION BY remote ORDER BY published_at DESC, id) AS n FROM remote_releases) r
 *  WHERE r.n > :keep!
 *    AND NOT EXISTS (SELECT 1 FROM remote_current c WHERE c.release_id = r.id)
 *    AND NOT EXISTS (SELECT 1 FROM remote_canaries k WHERE k.release_id = r.id AND (k.ended_at IS NULL OR k.ended_at > :now!::timestamptz - make_interval(days => :days!)))
 *    AND NOT EXISTS (SELECT 1 FROM remote_release_retired t WHERE t.release_id = r.id AND t.retired_at > :now!::timestamptz - make_interval(days => :days!))
 *    AND NOT EXISTS (SELECT 1 FROM remote_release_pruned p WHERE p.release_id = r.id)
 *    AND (:releaseId::uuid IS NULL OR r.id = :releaseId)
 *  ORDER BY r.remote, r.version
 * ```
 */
export const prunableReleases = new PreparedQuery<IPrunableReleasesParams,IPrunableReleasesResult>(prunableReleasesIR);


