// Generated from open-thread.sql and the database by pgtyped (scripts/sql-types.ts): do not edit.
// Regenerate after changing the .sql file, a migration or prisma/sql: pnpm --filter @portal/api generate:sql-types
import { PreparedQuery } from '../../../platform/db/typed-sql.js';

/** 'DmOpenThread' parameters type */
export interface IDmOpenThreadParams {
  me: string;
  userId: string;
}

/** 'DmOpenThread' return type */
export interface IDmOpenThreadResult {
  id: string;
}

/** 'DmOpenThread' query type */
export interface IDmOpenThreadQuery {
  params: IDmOpenThreadParams;
  result: IDmOpenThreadResult;
}

const dmOpenThreadIR: any = {"usedParamSet":{"me":true,"userId":true},"params":[{"name":"me","required":true,"transform":{"type":"scalar"},"locs":[{"a":22,"b":25}]},{"name":"userId","required":true,"transform":{"type":"scalar"},"locs":[{"a":28,"b":35}]}],"statement":"SELECT dm_open_thread(:me!, :userId!) AS \"id!\""};

/**
 * Query generated from SQL:
 * ```
 * SELECT dm_open_thread(:me!, :userId!) AS "id!"
 * ```
 */
export const dmOpenThread = new PreparedQuery<IDmOpenThreadParams,IDmOpenThreadResult>(dmOpenThreadIR);


