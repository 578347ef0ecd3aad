// Generated from oauth.sql and the database by pgtyped (scripts/sql-types.ts): do not edit.
// Regenerate after changing the .sql file, a migration or prisma/sql: pnpm --filter @portal/api generate:sql-types
import { PreparedQuery } from '../../platform/db/typed-sql.js';

/** 'LockUserByEmail' parameters type */
export interface ILockUserByEmailParams {
  email: string;
}

/** 'LockUserByEmail' return type */
export interface ILockUserByEmailResult {
  email_confirmed_at: Date | null;
  id: string;
}

/** 'LockUserByEmail' query type */
export interface ILockUserByEmailQuery {
  params: ILockUserByEmailParams;
  result: ILockUserByEmailResult;
}

const lockUserByEmailIR: any = {"usedParamSet":{"email":true},"params":[{"name":"email","required":true,"transform":{"type":"scalar"},"locs":[{"a":55,"b":61}]}],"statement":"SELECT id, email_confirmed_at FROM users WHERE email = :email! FOR UPDATE"};

/**
 * Query generated from SQL:
 * ```
 * SELECT id, email_confirmed_at FROM users WHERE email = :email! FOR UPDATE
 * ```
 */
export const lockUserByEmail = new PreparedQuery<ILockUserByEmailParams,ILockUserByEmailResult>(lockUserByEmailIR);


