// Generated from replica.sql and the database by pgtyped (scripts/sql-types.ts): do not edit.
// Regenerate after changing the .sql file, a migration or prisma/sql: pnpm --filter @portal/api generate:sql-types
import { PreparedQuery } from './typed-sql.js';

/** 'ReplayedUpTo' parameters type */
export interface IReplayedUpToParams {
  wrote: string;
}

/** 'ReplayedUpTo' return type */
export interface IReplayedUpToResult {
  replayed: boolean | null;
}

/** 'ReplayedUpTo' query type */
export interface IReplayedUpToQuery {
  params: IReplayedUpToParams;
  result: IReplayedUpToResult;
}

const replayedUpToIR: any = {"usedParamSet":{"wrote":true},"params":[{"name":"wrote","required":true,"transform":{"type":"scalar"},"locs":[{"a":35,"b":41}]}],"statement":"SELECT pg_last_wal_replay_lsn() >= :wrote!::pg_lsn AS replayed"};

/**
 * Query generated from SQL:
 * ```
 * SELECT pg_last_wal_replay_lsn() >= :wrote!::pg_lsn AS replayed
 * ```
 */
export const replayedUpTo = new PreparedQuery<IReplayedUpToParams,IReplayedUpToResult>(replayedUpToIR);


/** 'CurrentWalPosition' parameters type */
export type ICurrentWalPositionParams = void;

/** 'CurrentWalPosition' return type */
export interface ICurrentWalPositionResult {
  lsn: string;
}

/** 'CurrentWalPosition' query type */
export interface ICurrentWalPositionQuery {
  params: ICurrentWalPositionParams;
  result: ICurrentWalPositionResult;
}

const currentWalPositionIR: any = {"usedParamSet":{},"params":[],"statement":"SELECT pg_current_wal_lsn()::text AS \"lsn!\""};

/**
 * Query generated from SQL:
 * ```
 * SELECT pg_current_wal_lsn()::text AS "lsn!"
 * ```
 */
export const currentWalPosition = new PreparedQuery<ICurrentWalPositionParams,ICurrentWalPositionResult>(currentWalPositionIR);


