// Generated from service.sql and the database by pgtyped (scripts/sql-types.ts): do not edit.
// Regenerate after changing the .sql file, a migration or prisma/sql: pnpm --filter @portal/api generate:sql-types
import { PreparedQuery } from '../../../platform/db/typed-sql.js';

export type DateOrString = Date | string;

/** 'Volume24h' parameters type */
export interface IVolume24hParams {
  since: DateOrString;
}

/** 'Volume24h' return type */
export interface IVolume24hResult {
  amount: string;
  count: number;
  scale: number;
  symbol: string;
  usd: string;
}

/** 'Volume24h' query type */
export interface IVolume24hQuery {
  params: IVolume24hParams;
  result: IVolume24hResult;
}

const volume24hIR: any = {"usedParamSet":{"since":true},"params":[{"name":"since","required":true,"transform":{"type":"scalar"},"locs":[{"a":298,"b":304}]}],"statement":"SELECT a.symbol, a.scale, sum(t.amount)::text AS \"amount!\", (sum(t.amount) * coalesce(p.price_usd, 0))::text AS \"usd!\", count(*)::int AS \"count!\"\n  FROM transactions t JOIN assets a ON a.id = t.asset_id LEFT JOIN asset_prices p ON p.asset_id = a.id\n WHERE t.status = 'completed' AND t.created_at > :since!\n GROUP BY a.symbol, a.scale, p.price_usd ORDER BY a.symbol"};

/**
 * Query generated from SQL:
 * ```
 * SELECT a.symbol, a.scale, sum(t.amount)::text AS "amount!", (sum(t.amount) * coalesce(p.price_usd, 0))::text AS "usd!", count(*)::int AS "count!"
 *   FROM transactions t JOIN assets a ON a.id = t.asset_id LEFT JOIN asset_prices p ON p.asset_id = a.id
 *  WHERE t.status = 'completed' AND t.created_at > :since!
 *  GROUP BY a.symbol, a.scale, p.price_usd ORDER BY a.symbol
 * ```
 */
export const volume24h = new PreparedQuery<IVolume24hParams,IVolume24hResult>(volume24hIR);


