// Generated from service.sql and the database by pgtyped (scripts/sql-types.ts): do not edit.
// Regenerate after changing the .sql file, a migration or prisma/sql: pnpm --filter @portal/api generate:sql-types
import { PreparedQuery } from '../../../platform/db/typed-sql.js';

/** 'LockLiveResetCode' parameters type */
export interface ILockLiveResetCodeParams {
  maxAttempts: number;
  userId: string;
}

/** 'LockLiveResetCode' return type */
export interface ILockLiveResetCodeResult {
  attempts: number;
  code_hash: string;
  id: string;
}

/** 'LockLiveResetCode' query type */
export interface ILockLiveResetCodeQuery {
  params: ILockLiveResetCodeParams;
  result: ILockLiveResetCodeResult;
}

const lockLiveResetCodeIR: any = {"usedParamSet":{"userId":true,"maxAttempts":true},"params":[{"name":"userId","required":true,"transform":{"type":"scalar"},"locs":[{"a":69,"b":76}]},{"name":"maxAttempts","required":true,"transform":{"type":"scalar"},"locs":[{"a":136,"b":148}]}],"statement":"SELECT id, code_hash, attempts FROM pin_reset_codes\n WHERE user_id = :userId! AND used_at IS NULL AND expires_at > now() AND attempts < :maxAttempts!\n ORDER BY created_at DESC LIMIT 1 FOR UPDATE"};

/**
 * Query generated from SQL:
 * ```
 * SELECT id, code_hash, attempts FROM pin_reset_codes
 *  WHERE user_id = :userId! AND used_at IS NULL AND expires_at > now() AND attempts < :maxAttempts!
 *  ORDER BY created_at DESC LIMIT 1 FOR UPDATE
 * ```
 */
export const lockLiveResetCode = new PreparedQuery<ILockLiveResetCodeParams,ILockLiveResetCodeResult>(lockLiveResetCodeIR);


