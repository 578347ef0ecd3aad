// Generated from service.sql and the database by pgtyped (scripts/sql-types.ts): do not edit.
// Regenerate after changing the .sql file, a migration or prisma/sql: pnpm --filter @portal/api generate:sql-types
import { PreparedQuery } from '../../../platform/db/typed-sql.js';

/** 'LockRunningCanary' parameters type */
export interface ILockRunningCanaryParams {
  remote: string;
}

/** 'LockRunningCanary' return type */
export interface ILockRunningCanaryResult {
  locked: number;
}

/** 'LockRunningCanary' query type */
export interface ILockRunningCanaryQuery {
  params: ILockRunningCanaryParams;
  result: ILockRunningCanaryResult;
}

const lockRunningCanaryIR: any = {"usedParamSet":{"remote":true},"params":[{"name":"remote","required":true,"transform":{"type":"scalar"},"locs":[{"a":58,"b":65}]}],"statement":"SELECT 1 AS \"locked!\" FROM remote_canaries WHERE remote = :remote! AND ended_at IS NULL FOR UPDATE"};

/**
 * Query generated from SQL:
 * ```
 * SELECT 1 AS "locked!" FROM remote_canaries WHERE remote = :remote! AND ended_at IS NULL FOR UPDATE
 * ```
 */
export const lockRunningCanary = new PreparedQuery<ILockRunningCanaryParams,ILockRunningCanaryResult>(lockRunningCanaryIR);


