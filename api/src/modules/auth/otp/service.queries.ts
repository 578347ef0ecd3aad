// Generated from service.sql and the database by pgtyped (scripts/sql-types.ts): do not edit.
// Regenerate after changing the .sql file, a migration or prisma/sql: pnpm --filter @portal/api generate:sql-types
import { PreparedQuery } from '../../../platform/db/typed-sql.js';

/** 'LockNewestCode' parameters type */
export interface ILockNewestCodeParams {
  phone: string;
}

/** 'LockNewestCode' return type */
export interface ILockNewestCodeResult {
  attempts: number;
  code_hash: string;
  expired: boolean;
  id: string;
  user_id: string | null;
}

/** 'LockNewestCode' query type */
export interface ILockNewestCodeQuery {
  params: ILockNewestCodeParams;
  result: ILockNewestCodeResult;
}

const lockNewestCodeIR: any = {"usedParamSet":{"phone":true},"params":[{"name":"phone","required":true,"transform":{"type":"scalar"},"locs":[{"a":105,"b":111}]}],"statement":"SELECT id, user_id, code_hash, attempts, expires_at <= now() AS \"expired!\" FROM otp_codes\n WHERE phone = :phone! AND consumed_at IS NULL ORDER BY id DESC LIMIT 1 FOR UPDATE"};

/**
 * Query generated from SQL:
 * ```
 * SELECT id, user_id, code_hash, attempts, expires_at <= now() AS "expired!" FROM otp_codes
 *  WHERE phone = :phone! AND consumed_at IS NULL ORDER BY id DESC LIMIT 1 FOR UPDATE
 * ```
 */
export const lockNewestCode = new PreparedQuery<ILockNewestCodeParams,ILockNewestCodeResult>(lockNewestCodeIR);


