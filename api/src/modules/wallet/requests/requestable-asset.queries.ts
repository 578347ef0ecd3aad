// Generated from requestable-asset.sql and the database by pgtyped (scripts/sql-types.ts): do not edit.
// Regenerate after changing the .sql file, a migration or prisma/sql: pnpm --filter @portal/api generate:sql-types
import { PreparedQuery } from '../../../platform/db/typed-sql.js';

/** 'RequestableAsset' parameters type */
export interface IRequestableAssetParams {
  amount: string;
  symbol: string;
}

/** 'RequestableAsset' return type */
export interface IRequestableAssetResult {
  cap: string | null;
  id: string;
  over_cap: boolean | null;
  scale: number;
  symbol: string;
}

/** 'RequestableAsset' query type */
export interface IRequestableAssetQuery {
  params: IRequestableAssetParams;
  result: IRequestableAssetResult;
}

const requestableAssetIR: any = {"usedParamSet":{"amount":true,"symbol":true},"params":[{"name":"amount","required":true,"transform":{"type":"scalar"},"locs":[{"a":32,"b":39}]},{"name":"symbol","required":true,"transform":{"type":"scalar"},"locs":[{"a":272,"b":279}]}],"statement":"SELECT a.id, a.symbol, a.scale, :amount!::numeric * coalesce(p.price_usd, 0) > c.cap AS over_cap, money_usd(c.cap) AS cap\n  FROM assets a LEFT JOIN asset_prices p ON p.asset_id = a.id CROSS JOIN (SELECT min(max_usd) AS cap FROM transaction_limit_caps) c\n WHERE a.symbol = :symbol!"};

/**
 * Query generated from SQL:
 * ```
 * SELECT a.id, a.symbol, a.scale, :amount!::numeric * coalesce(p.price_usd, 0) > c.cap AS over_cap, money_usd(c.cap) AS cap
 *   FROM assets a LEFT JOIN asset_prices p ON p.asset_id = a.id CROSS JOIN (SELECT min(max_usd) AS cap FROM transaction_limit_caps) c
 *  WHERE a.symbol = :symbol!
 * ```
 */
export const requestableAsset = new PreparedQuery<IRequestableAssetParams,IRequestableAssetResult>(requestableAssetIR);


