// Generated from middleware.sql and the database by pgtyped (scripts/sql-types.ts): do not edit.
// Regenerate after changing the .sql file, a migration or prisma/sql: pnpm --filter @portal/api generate:sql-types
import { PreparedQuery } from '../db/typed-sql.js';

/** 'IsAdmin' parameters type */
export interface IIsAdminParams {
  userId: string;
}

/** 'IsAdmin' return type */
export interface IIsAdminResult {
  is_admin: boolean;
}

/** 'IsAdmin' query type */
export interface IIsAdminQuery {
  params: IIsAdminParams;
  result: IIsAdminResult;
}

const isAdminIR: any = {"usedParamSet":{"userId":true},"params":[{"name":"userId","required":true,"transform":{"type":"scalar"},"locs":[{"a":75,"b":82}]}],"statement":"SELECT p.is_admin FROM profiles p JOIN users u ON u.id = p.id WHERE p.id = :userId! AND u.disabled_at IS NULL"};

/**
 * Query generated from SQL:
 * ```
 * SELECT p.is_admin FROM profiles p JOIN users u ON u.id = p.id WHERE p.id = :userId! AND u.disabled_at IS NULL
 * ```
 */
export const isAdmin = new PreparedQuery<IIsAdminParams,IIsAdminResult>(isAdminIR);


