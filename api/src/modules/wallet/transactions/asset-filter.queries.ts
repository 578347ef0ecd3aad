// Generated from asset-filter.sql and the database by pgtyped (scripts/sql-types.ts): do not edit.
// Regenerate after changing the .sql file, a migration or prisma/sql: pnpm --filter @portal/api generate:sql-types
import { PreparedQuery } from '../../../platform/db/typed-sql.js';

/** 'AssetExists' parameters type */
export interface IAssetExistsParams {
  symbol: string;
}

/** 'AssetExists' return type */
export interface IAssetExistsResult {
  found: number | null;
}

/** 'AssetExists' query type */
export interface IAssetExistsQuery {
  params: IAssetExistsParams;
  result: IAssetExistsResult;
}

const assetExistsIR: any = {"usedParamSet":{"symbol":true},"params":[{"name":"symbol","required":true,"transform":{"type":"scalar"},"locs":[{"a":45,"b":52}]}],"statement":"SELECT 1 AS found FROM assets WHERE symbol = :symbol!"};

/**
 * Query generated from SQL:
 * ```
 * SELECT 1 AS found FROM assets WHERE symbol = :symbol!
 * ```
 */
export const assetExists = new PreparedQuery<IAssetExistsParams,IAssetExistsResult>(assetExistsIR);


