// Generated from find-work.sql and the database by pgtyped (scripts/sql-types.ts): do not edit.
// Regenerate after changing the .sql file, a migration or prisma/sql: pnpm --filter @portal/api generate:sql-types
import { PreparedQuery } from '../../../platform/db/typed-sql.js';

export type NumberOrString = number | string;

/** 'CountMatches' parameters type */
export interface ICountMatchesParams {
  limit: NumberOrString;
  tsquery: string;
}

/** 'CountMatches' return type */
export interface ICountMatchesResult {
  n: number;
}

/** 'CountMatches' query type */
export interface ICountMatchesQuery {
  params: ICountMatchesParams;
  result: ICountMatchesResult;
}

const countMatchesIR: any = {"usedParamSet":{"tsquery":true,"limit":true},"params":[{"name":"tsquery","required":true,"transform":{"type":"scalar"},"locs":[{"a":122,"b":130}]},{"name":"limit","required":true,"transform":{"type":"scalar"},"locs":[{"a":139,"b":145}]}],"statement":"SELECT count(*)::int AS \"n!\" FROM (SELECT 1 FROM projects WHERE status = 'open' AND search_vector @@ to_tsquery('simple', :tsquery!) LIMIT :limit!) probe"};

/**
 * Query generated from SQL:
 * ```
 * SELECT count(*)::int AS "n!" FROM (SELECT 1 FROM projects WHERE status = 'open' AND search_vector @@ to_tsquery('simple', :tsquery!) LIMIT :limit!) probe
 * ```
 */
export const countMatches = new PreparedQuery<ICountMatchesParams,ICountMatchesResult>(countMatchesIR);


