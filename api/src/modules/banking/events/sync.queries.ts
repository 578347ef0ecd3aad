// Generated from sync.sql and the database by pgtyped (scripts/sql-types.ts): do not edit.
// Regenerate after changing the .sql file, a migration or prisma/sql: pnpm --filter @portal/api generate:sql-types
import { PreparedQuery } from '../../../platform/db/typed-sql.js';

/** 'LockEventCursor' parameters type */
export type ILockEventCursorParams = void;

/** 'LockEventCursor' return type */
export interface ILockEventCursorResult {
  last: string;
}

/** 'LockEventCursor' query type */
export interface ILockEventCursorQuery {
  params: ILockEventCursorParams;
  result: ILockEventCursorResult;
}

const lockEventCursorIR: any = {"usedParamSet":{},"params":[],"statement":"SELECT last_event_id::text AS \"last!\" FROM plaid_event_cursor FOR UPDATE"};

/**
 * Query generated from SQL:
 * ```
 * SELECT last_event_id::text AS "last!" FROM plaid_event_cursor FOR UPDATE
 * ```
 */
export const lockEventCursor = new PreparedQuery<ILockEventCursorParams,ILockEventCursorResult>(lockEventCursorIR);


