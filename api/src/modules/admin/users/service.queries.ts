// Generated from service.sql and the database by pgtyped (scripts/sql-types.ts): do not edit.
// Regenerate after changing the .sql file, a migration or prisma/sql: pnpm --filter @portal/api generate:sql-types
import { PreparedQuery } from '../../../platform/db/typed-sql.js';

export type kyc_status = 'not_started' | 'pending' | 'rejected' | 'verified';

/** 'LockKycReset' parameters type */
export interface ILockKycResetParams {
  userId: string;
}

/** 'LockKycReset' return type */
export interface ILockKycResetResult {
  kyc_status: kyc_status;
  waiting: boolean;
}

/** 'LockKycReset' query type */
export interface ILockKycResetQuery {
  params: ILockKycResetParams;
  result: ILockKycResetResult;
}

const lockKycResetIR: any = {"usedParamSet":{"userId":true},"params":[{"name":"userId","required":true,"transform":{"type":"scalar"},"locs":[{"a":151,"b":158}]}],"statement":"SELECT kyc_status, EXISTS (SELECT 1 FROM kyc_submissions k WHERE k.user_id = p.id AND k.status = 'pending') AS \"waiting!\"\n  FROM profiles p WHERE id = :userId! AND deleted_at IS NULL FOR UPDATE"};

/**
 * Query generated from SQL:
 * ```
 * SELECT kyc_status, EXISTS (SELECT 1 FROM kyc_submissions k WHERE k.user_id = p.id AND k.status = 'pending') AS "waiting!"
 *   FROM profiles p WHERE id = :userId! AND deleted_at IS NULL FOR UPDATE
 * ```
 */
export const lockKycReset = new PreparedQuery<ILockKycResetParams,ILockKycResetResult>(lockKycResetIR);


/** 'LockUserProfile' parameters type */
export interface ILockUserProfileParams {
  userId: string;
}

/** 'LockUserProfile' return type */
export interface ILockUserProfileResult {
  locked: number;
}

/** 'LockUserProfile' query type */
export interface ILockUserProfileQuery {
  params: ILockUserProfileParams;
  result: ILockUserProfileResult;
}

const lockUserProfileIR: any = {"usedParamSet":{"userId":true},"params":[{"name":"userId","required":true,"transform":{"type":"scalar"},"locs":[{"a":47,"b":54}]}],"statement":"SELECT 1 AS \"locked!\" FROM profiles WHERE id = :userId! AND deleted_at IS NULL FOR UPDATE"};

/**
 * Query generated from SQL:
 * ```
 * SELECT 1 AS "locked!" FROM profiles WHERE id = :userId! AND deleted_at IS NULL FOR UPDATE
 * ```
 */
export const lockUserProfile = new PreparedQuery<ILockUserProfileParams,ILockUserProfileResult>(lockUserProfileIR);


