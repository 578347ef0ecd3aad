// Generated from service.sql and the database by pgtyped (scripts/sql-types.ts): do not edit.
// Regenerate after changing the .sql file, a migration or prisma/sql: pnpm --filter @portal/api generate:sql-types
import { PreparedQuery } from '../../../platform/db/typed-sql.js';

/** 'JobTablesReady' parameters type */
export type IJobTablesReadyParams = void;

/** 'JobTablesReady' return type */
export interface IJobTablesReadyResult {
  ready: boolean;
}

/** 'JobTablesReady' query type */
export interface IJobTablesReadyQuery {
  params: IJobTablesReadyParams;
  result: IJobTablesReadyResult;
}

const jobTablesReadyIR: any = {"usedParamSet":{},"params":[],"statement":"SELECT to_regclass('pgboss.job') IS NOT NULL AS \"ready!\""};

/**
 * Query generated from SQL:
 * ```
 * SELECT to_regclass('pgboss.job') IS NOT NULL AS "ready!"
 * ```
 */
export const jobTablesReady = new PreparedQuery<IJobTablesReadyParams,IJobTablesReadyResult>(jobTablesReadyIR);


/** 'TransactionsLastHour' parameters type */
export type ITransactionsLastHourParams = void;

/** 'TransactionsLastHour' return type */
export interface ITransactionsLastHourResult {
  count: number;
  type: string;
}

/** 'TransactionsLastHour' query type */
export interface ITransactionsLastHourQuery {
  params: ITransactionsLastHourParams;
  result: ITransactionsLastHourResult;
}

const transactionsLastHourIR: any = {"usedParamSet":{},"params":[],"statement":"SELECT transaction_type::text AS \"type!\", count(*)::int AS \"count!\" FROM transactions\n WHERE status = 'completed' AND created_at > now() - interval '1 hour' GROUP BY 1 ORDER BY 2 DESC, 1"};

/**
 * Query generated from SQL:
 * ```
 * SELECT transaction_type::text AS "type!", count(*)::int AS "count!" FROM transactions
 *  WHERE status = 'completed' AND created_at > now() - interval '1 hour' GROUP BY 1 ORDER BY 2 DESC, 1
 * ```
 */
export const transactionsLastHour = new PreparedQuery<ITransactionsLastHourParams,ITransactionsLastHourResult>(transactionsLastHourIR);


