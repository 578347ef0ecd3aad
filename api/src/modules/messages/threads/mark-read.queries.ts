// Generated from mark-read.sql and the database by pgtyped (scripts/sql-types.ts): do not edit.
// Regenerate after changing the .sql file, a migration or prisma/sql: pnpm --filter @portal/api generate:sql-types
import { PreparedQuery } from '../../../platform/db/typed-sql.js';

export type NumberOrString = number | string;

/** 'DmMarkRead' parameters type */
export interface IDmMarkReadParams {
  seq: NumberOrString;
  threadId: string;
  userId: string;
}

/** 'DmMarkRead' return type */
export interface IDmMarkReadResult {
  read_seq: string;
}

/** 'DmMarkRead' query type */
export interface IDmMarkReadQuery {
  params: IDmMarkReadParams;
  result: IDmMarkReadResult;
}

const dmMarkReadIR: any = {"usedParamSet":{"threadId":true,"userId":true,"seq":true},"params":[{"name":"threadId","required":true,"transform":{"type":"scalar"},"locs":[{"a":20,"b":29}]},{"name":"userId","required":true,"transform":{"type":"scalar"},"locs":[{"a":32,"b":39}]},{"name":"seq","required":true,"transform":{"type":"scalar"},"locs":[{"a":42,"b":46}]}],"statement":"SELECT dm_mark_read(:threadId!, :userId!, :seq!) AS \"read_seq!\""};

/**
 * Query generated from SQL:
 * ```
 * SELECT dm_mark_read(:threadId!, :userId!, :seq!) AS "read_seq!"
 * ```
 */
export const dmMarkRead = new PreparedQuery<IDmMarkReadParams,IDmMarkReadResult>(dmMarkReadIR);


