// Generated from index.sql and the database by pgtyped (scripts/sql-types.ts): do not edit.
// Regenerate after changing the .sql file, a migration or prisma/sql: pnpm --filter @portal/api generate:sql-types
import { PreparedQuery } from '../db/typed-sql.js';

/** 'BackendPid' parameters type */
export type IBackendPidParams = void;

/** 'BackendPid' return type */
export interface IBackendPidResult {
  pid: number;
}

/** 'BackendPid' query type */
export interface IBackendPidQuery {
  params: IBackendPidParams;
  result: IBackendPidResult;
}

const backendPidIR: any = {"usedParamSet":{},"params":[],"statement":"SELECT pg_backend_pid() AS \"pid!\""};

/**
 * Query generated from SQL:
 * ```
 * SELECT pg_backend_pid() AS "pid!"
 * ```
 */
export const backendPid = new PreparedQuery<IBackendPidParams,IBackendPidResult>(backendPidIR);


