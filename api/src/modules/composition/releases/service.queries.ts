// Generated from service.sql and the database by pgtyped (scripts/sql-types.ts): do not edit.
// Regenerate after changing the .sql file, a migration or prisma/sql: pnpm --filter @portal/api generate:sql-types
import { PreparedQuery } from '../../../platform/db/typed-sql.js';

export type NumberOrString = number | string;

export type stringArray = (string)[];

/** 'ListReleases' parameters type */
export interface IListReleasesParams {
  perRemote: NumberOrString;
}

/** 'ListReleases' return type */
export interface IListReleasesResult {
  audience: string;
  build_bytes: number;
  content_hash: string;
  entry_url: string;
  files_deleted: boolean;
  first_current_at: Date | null;
  id: string;
  load_failures_last_hour: number;
  load_failures_total: number;
  published_at: Date;
  published_by: string;
  remote: string;
  routes: stringArray;
  state: string;
  version: string;
}

/** 'ListReleases' query type */
export interface IListReleasesQuery {
  params: IListReleasesParams;
  result: IListReleasesResult;
}

const listReleasesIR: any = {"usedParamSet":{"perRemote":true},"params":[{"name":"perRemote","required":true,"transform":{"type":"scalar"},"locs":[{"a":868,"b":878}]}],"statement":"SELECT r.id, r.remote, r.version, r.content_hash, r.entry_url, r.routes, r.audience, r.build_bytes::int AS \"build_bytes!\", r.published_by,\n       r.published_at, r.first_current_at,\n       CASE WHEN c.release_id = r.id THEN 'current' WHEN r.first_current_at IS NULL THEN 'staged' ELSE 'previous' END AS \"state!\",\n       (SELECT count(*) FROM remote_load_failures f WHERE f.release_id = r.id)::int AS \"load_failures_total!\",\n       (SELECT count(*) FROM remote_load_failures f WHERE f.release_id = r.id AND f.created_at > now() - interval '1 hour')::int AS \"load_failures_last_hour!\",\n       EXISTS (SELECT 1 FROM remote_release_pruned p WHERE p.release_id = r.id) AS \"files_deleted!\"\n  FROM (SELECT *, row_number() OVER (PARTITION BY remote ORDER BY published_at DESC, id) AS n FROM remote_releases) r\n  LEFT JOIN remote_current c ON c.remote = r.remote\n WHERE r.n <= :perRemote! OR c.release_id = r.id\n ORDER BY r.remote, r.published_at DESC, r.id"};

/**
 * Query generated from SQL:
 * ```
 * SELECT r.id, r.remote, r.version, r.content_hash, r.entry_url, r.routes, r.audience, r.build_bytes::int AS "build_bytes!", r.published_by,
 *        r.published_at, r.first_current_at,
 *        CASE WHEN c.release_id = r.id THEN 'current' WHEN r.first_current_at IS NULL THEN 'staged' ELSE 'previous' END AS "state!",
 *        (SELECT count(*) FROM remote_load_failures f WHERE f.release_id = r.id)::int AS "load_failures_total!",
 *        (SELECT count(*) FROM remote_load_failures f WHERE f.release_id = r.id AND f.created_at > now() - interval '1 hour')::int AS "load_failures_last_hour!",
 *        EXISTS (SELECT 1 FROM remote_release_pruned p WHERE p.release_id = r.id) AS "files_deleted!"
 *   FROM (SELECT *, row_number() OVER (PARTITION BY remote ORDER BY published_at DESC, id) AS n FROM remote_releases) r
 *   LEFT JOIN remote_current c ON c.remote = r.remote
 *  WHERE r.n <= :perRemote! OR c.release_id = r.id
 *  ORDER BY r.remote, r.published_at DESC, r.id
 * ```
 */
export const listReleases = new PreparedQuery<IListReleasesParams,IListReleasesResult>(listReleasesIR);


/** 'LockRemoteCurrent' parameters type */
export interface ILockRemoteCurrentParams {
  remote: string;
}

/** 'LockRemoteCurrent' return type */
export interface ILockRemoteCurrentResult {
  locked: number;
}

/** 'LockRemoteCurrent' query type */
export interface ILockRemoteCurrentQuery {
  params: ILockRemoteCurrentParams;
  result: ILockRemoteCurrentResult;
}

const lockRemoteCurrentIR: any = {"usedParamSet":{"remote":true},"params":[{"name":"remote","required":true,"transform":{"type":"scalar"},"locs":[{"a":57,"b":64}]}],"statement":"SELECT 1 AS \"locked!\" FROM remote_current WHERE remote = :remote! FOR UPDATE"};

/**
 * Query generated from SQL:
 * ```
 * SELECT 1 AS "locked!" FROM remote_current WHERE remote = :remote! FOR UPDATE
 * ```
 */
export const lockRemoteCurrent = new PreparedQuery<ILockRemoteCurrentParams,ILockRemoteCurrentResult>(lockRemoteCurrentIR);


