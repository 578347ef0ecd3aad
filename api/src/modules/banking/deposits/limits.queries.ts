// Generated from limits.sql and the database by pgtyped (scripts/sql-types.ts): do not edit.
// Regenerate after changing the .sql file, a migration or prisma/sql: pnpm --filter @portal/api generate:sql-types
import { PreparedQuery } from '../../../platform/db/typed-sql.js';

export type numberArray = (number)[];

export type stringArray = (string)[];

/** 'DepositRoom' parameters type */
export interface IDepositRoomParams {
  hours: numberArray;
  limits: stringArray;
  userId: string;
}

/** 'DepositRoom' return type */
export interface IDepositRoomResult {
  limit_shown: string;
  limit_usd: string;
  remaining: string;
  remaining_shown: string;
  used: string;
}

/** 'DepositRoom' query type */
export interface IDepositRoomQuery {
  params: IDepositRoomParams;
  result: IDepositRoomResult;
}

const depositRoomIR: any = {"usedParamSet":{"hours":true,"limits":true,"userId":true},"params":[{"name":"hours","required":true,"transform":{"type":"scalar"},"locs":[{"a":282,"b":288}]},{"name":"limits","required":true,"transform":{"type":"scalar"},"locs":[{"a":298,"b":305}]},{"name":"userId","required":true,"transform":{"type":"scalar"},"locs":[{"a":469,"b":476}]}],"statement":"SELECT w.lim::numeric(38,2)::text AS \"limit_usd!\", u.used::numeric(38,2)::text AS \"used!\",\n       greatest(w.lim - u.used, 0)::numeric(38,2)::text AS \"remaining!\",\n       money_usd(w.lim) AS \"limit_shown!\", money_usd(greatest(w.lim - u.used, 0)) AS \"remaining_shown!\"\n  FROM unnest(:hours!::int[], :limits!::numeric[]) WITH ORDINALITY AS w(hours, lim, n)\n  CROSS JOIN LATERAL (\n    SELECT coalesce(sum(t.amount), 0) AS used FROM bank_transfers t\n     WHERE t.user_id = :userId! AND t.direction = 'deposit' AND t.status NOT IN ('declined', 'failed')\n       AND t.created_at > now() - make_interval(hours => w.hours)) u\n ORDER BY w.n"};

/**
 * Query generated from SQL:
 * ```
 * SELECT w.lim::numeric(38,2)::text AS "limit_usd!", u.used::numeric(38,2)::text AS "used!",
 *        greatest(w.lim - u.used, 0)::numeric(38,2)::text AS "remaining!",
 *        money_usd(w.lim) AS "limit_shown!", money_usd(greatest(w.lim - u.used, 0)) AS "remaining_shown!"
 *   FROM unnest(:hours!::int[], :limits!::numeric[]) WITH ORDINALITY AS w(hours, lim, n)
 *   CROSS JOIN LATERAL (
 *     SELECT coalesce(sum(t.amount), 0) AS used FROM bank_transfers t
 *      WHERE t.user_id = :userId! AND t.direction = 'deposit' AND t.status NOT IN ('declined', 'failed')
 *        AND t.created_at > now() - make_interval(hours => w.hours)) u
 *  ORDER BY w.n
 * ```
 */
export const depositRoom = new PreparedQuery<IDepositRoomParams,IDepositRoomResult>(depositRoomIR);


