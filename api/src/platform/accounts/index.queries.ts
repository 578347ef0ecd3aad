// Generated from index.sql and the database by pgtyped (scripts/sql-types.ts): do not edit.
// Regenerate after changing the .sql file, a migration or prisma/sql: pnpm --filter @portal/api generate:sql-types
import { PreparedQuery } from '../db/typed-sql.js';

/** 'AccountDelete' parameters type */
export interface IAccountDeleteParams {
  userId: string;
}

/** 'AccountDelete' return type */
export interface IAccountDeleteResult {
  avatar: string | null;
}

/** 'AccountDelete' query type */
export interface IAccountDeleteQuery {
  params: IAccountDeleteParams;
  result: IAccountDeleteResult;
}

const accountDeleteIR: any = {"usedParamSet":{"userId":true},"params":[{"name":"userId","required":true,"transform":{"type":"scalar"},"locs":[{"a":22,"b":29}]}],"statement":"SELECT account_delete(:userId!) AS avatar"};

/**
 * Query generated from SQL:
 * ```
 * SELECT account_delete(:userId!) AS avatar
 * ```
 */
export const accountDelete = new PreparedQuery<IAccountDeleteParams,IAccountDeleteResult>(accountDeleteIR);


