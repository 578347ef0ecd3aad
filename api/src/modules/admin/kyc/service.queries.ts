// Generated from service.sql and the database by pgtyped (scripts/sql-types.ts): do not edit.
// Regenerate after changing the .sql file, a migration or prisma/sql: pnpm --filter @portal/api generate:sql-types
import { PreparedQuery } from '../../../platform/db/typed-sql.js';

export type kyc_status = 'not_started' | 'pending' | 'rejected' | 'verified';

/** 'LockSubmission' parameters type */
export interface ILockSubmissionParams {
  submissionId: string;
}

/** 'LockSubmission' return type */
export interface ILockSubmissionResult {
  kyc_status: kyc_status;
  user_id: string;
}

/** 'LockSubmission' query type */
export interface ILockSubmissionQuery {
  params: ILockSubmissionParams;
  result: ILockSubmissionResult;
}

const lockSubmissionIR: any = {"usedParamSet":{"submissionId":true},"params":[{"name":"submissionId","required":true,"transform":{"type":"scalar"},"locs":[{"a":103,"b":116}]}],"statement":"SELECT k.user_id, p.kyc_status FROM kyc_submissions k JOIN profiles p ON p.id = k.user_id WHERE k.id = :submissionId! FOR UPDATE OF k, p"};

/**
 * Query generated from SQL:
 * ```
 * SELECT k.user_id, p.kyc_status FROM kyc_submissions k JOIN profiles p ON p.id = k.user_id WHERE k.id = :submissionId! FOR UPDATE OF k, p
 * ```
 */
export const lockSubmission = new PreparedQuery<ILockSubmissionParams,ILockSubmissionResult>(lockSubmissionIR);


