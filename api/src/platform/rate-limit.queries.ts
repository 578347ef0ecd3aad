// Generated from rate-limit.sql and the database by pgtyped (scripts/sql-types.ts): do not edit.
// Regenerate after changing the .sql file, a migration or prisma/sql: pnpm --filter @portal/api generate:sql-types
import { PreparedQuery } from './db/typed-sql.js';

/** 'Hit' parameters type */
export interface IHitParams {
  key: string;
  windowSeconds: number;
}

/** 'Hit' return type */
export interface IHitResult {
  hits: number;
  retry_after: number;
}

/** 'Hit' query type */
export interface IHitQuery {
  params: IHitParams;
  result: IHitResult;
}

const hitIR: any = {"usedParamSet":{"key":true,"windowSeconds":true},"params":[{"name":"key","required":true,"transform":{"type":"scalar"},"locs":[{"a":70,"b":74}]},{"name":"windowSeconds","required":true,"transform":{"type":"scalar"},"locs":[{"a":186,"b":200},{"a":306,"b":320},{"a":448,"b":462}]}],"statement":"INSERT INTO rate_limit_buckets AS b (key, window_start, hits) VALUES (:key!, now(), 1)\nON CONFLICT (key) DO UPDATE SET\n  hits = CASE WHEN b.window_start <= now() - make_interval(secs => :windowSeconds!) THEN 1 ELSE b.hits + 1 END,\n  window_start = CASE WHEN b.window_start <= now() - make_interval(secs => :windowSeconds!) THEN now() ELSE b.window_start END\nRETURNING hits AS \"hits!\", ceil(extract(epoch FROM b.window_start + make_interval(secs => :windowSeconds!) - now()))::int AS \"retry_after!\""};

/**
 * Query generated from SQL:
 * ```
 * INSERT INTO rate_limit_buckets AS b (key, window_start, hits) VALUES (:key!, now(), 1)
 * ON CONFLICT (key) DO UPDATE SET
 *   hits = CASE WHEN b.window_start <= now() - make_interval(secs => :windowSeconds!) THEN 1 ELSE b.hits + 1 END,
 *   window_start = CASE WHEN b.window_start <= now() - make_interval(secs => :windowSeconds!) THEN now() ELSE b.window_start END
 * RETURNING hits AS "hits!", ceil(extract(epoch FROM b.window_start + make_interval(secs => :windowSeconds!) - now()))::int AS "retry_after!"
 * ```
 */
export const hit = new PreparedQuery<IHitParams,IHitResult>(hitIR);


