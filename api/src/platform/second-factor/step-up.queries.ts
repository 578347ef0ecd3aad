// Generated from step-up.sql and the database by pgtyped (scripts/sql-types.ts): do not edit.
// Regenerate after changing the .sql file, a migration or prisma/sql: pnpm --filter @portal/api generate:sql-types
import { PreparedQuery } from '../db/typed-sql.js';

/** 'IsLargeMove' parameters type */
export interface IIsLargeMoveParams {
  amount: string;
  assetSymbol: string;
  thresholdUsd: string;
}

/** 'IsLargeMove' return type */
export interface IIsLargeMoveResult {
  large: boolean | null;
}

/** 'IsLargeMove' query type */
export interface IIsLargeMoveQuery {
  params: IIsLargeMoveParams;
  result: IIsLargeMoveResult;
}

const isLargeMoveIR: any = {"usedParamSet":{"amount":true,"assetSymbol":true,"thresholdUsd":true},"params":[{"name":"amount","required":true,"transform":{"type":"scalar"},"locs":[{"a":16,"b":23}]},{"name":"assetSymbol","required":true,"transform":{"type":"scalar"},"locs":[{"a":131,"b":143}]},{"name":"thresholdUsd","required":true,"transform":{"type":"scalar"},"locs":[{"a":159,"b":172}]}],"statement":"SELECT coalesce(:amount!::numeric * (SELECT pr.price_usd FROM assets a JOIN asset_prices pr ON pr.asset_id = a.id WHERE a.symbol = :assetSymbol!), 0)\n       > :thresholdUsd!::numeric AS large"};

/**
 * Query generated from SQL:
 * ```
 * SELECT coalesce(:amount!::numeric * (SELECT pr.price_usd FROM assets a JOIN asset_prices pr ON pr.asset_id = a.id WHERE a.symbol = :assetSymbol!), 0)
 *        > :thresholdUsd!::numeric AS large
 * ```
 */
export const isLargeMove = new PreparedQuery<IIsLargeMoveParams,IIsLargeMoveResult>(isLargeMoveIR);


