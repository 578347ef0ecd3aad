// Generated from helpers.sql and the database by pgtyped (scripts/sql-types.ts): do not edit.
// Regenerate after changing the .sql file, a migration or prisma/sql: pnpm --filter @portal/api generate:sql-types
import { PreparedQuery } from '../src/platform/db/typed-sql.js';

/** 'GivePin' parameters type */
export interface IGivePinParams {
  pinHash: string;
  userId: string;
}

/** 'GivePin' return type */
export type IGivePinResult = void;

/** 'GivePin' query type */
export interface IGivePinQuery {
  params: IGivePinParams;
  result: IGivePinResult;
}

const givePinIR: any = {"usedParamSet":{"pinHash":true,"userId":true},"params":[{"name":"pinHash","required":true,"transform":{"type":"scalar"},"locs":[{"a":43,"b":51}]},{"name":"userId","required":true,"transform":{"type":"scalar"},"locs":[{"a":64,"b":71}]}],"statement":"UPDATE profiles SET transaction_pin_hash = :pinHash! WHERE id = :userId!"};

/**
 * Query generated from SQL:
 * ```
 * UPDATE profiles SET transaction_pin_hash = :pinHash! WHERE id = :userId!
 * ```
 */
export const givePin = new PreparedQuery<IGivePinParams,IGivePinResult>(givePinIR);


/** 'AssetIdOf' parameters type */
export interface IAssetIdOfParams {
  symbol: string;
}

/** 'AssetIdOf' return type */
export interface IAssetIdOfResult {
  id: string;
}

/** 'AssetIdOf' query type */
export interface IAssetIdOfQuery {
  params: IAssetIdOfParams;
  result: IAssetIdOfResult;
}

const assetIdOfIR: any = {"usedParamSet":{"symbol":true},"params":[{"name":"symbol","required":true,"transform":{"type":"scalar"},"locs":[{"a":37,"b":44}]}],"statement":"SELECT id FROM assets WHERE symbol = :symbol!"};

/**
 * Query generated from SQL:
 * ```
 * SELECT id FROM assets WHERE symbol = :symbol!
 * ```
 */
export const assetIdOf = new PreparedQuery<IAssetIdOfParams,IAssetIdOfResult>(assetIdOfIR);


/** 'WalletBalance' parameters type */
export interface IWalletBalanceParams {
  symbol: string;
  userId: string;
}

/** 'WalletBalance' return type */
export interface IWalletBalanceResult {
  b: string;
}

/** 'WalletBalance' query type */
export interface IWalletBalanceQuery {
  params: IWalletBalanceParams;
  result: IWalletBalanceResult;
}

const walletBalanceIR: any = {"usedParamSet":{"userId":true,"symbol":true},"params":[{"name":"userId","required":true,"transform":{"type":"scalar"},"locs":[{"a":107,"b":114}]},{"name":"symbol","required":true,"transform":{"type":"scalar"},"locs":[{"a":131,"b":138}]}],"statement":"SELECT coalesce((SELECT w.balance FROM user_wallets w JOIN assets a ON a.id = w.asset_id WHERE w.user_id = :userId! AND a.symbol = :symbol!), 0)::numeric(38,2)::text AS \"b!\""};

/**
 * Query generated from SQL:
 * ```
 * SELECT coalesce((SELECT w.balance FROM user_wallets w JOIN assets a ON a.id = w.asset_id WHERE w.user_id = :userId! AND a.symbol = :symbol!), 0)::numeric(38,2)::text AS "b!"
 * ```
 */
export const walletBalance = new PreparedQuery<IWalletBalanceParams,IWalletBalanceResult>(walletBalanceIR);


/** 'SetLimits' parameters type */
export interface ISetLimitsParams {
  usd?: string | null | void;
  userId: string;
}

/** 'SetLimits' return type */
export type ISetLimitsResult = void;

/** 'SetLimits' query type */
export interface ISetLimitsQuery {
  params: ISetLimitsParams;
  result: ISetLimitsResult;
}

const setLimitsIR: any = {"usedParamSet":{"usd":true,"userId":true},"params":[{"name":"usd","required":false,"transform":{"type":"scalar"},"locs":[{"a":46,"b":49},{"a":79,"b":82},{"a":113,"b":116}]},{"name":"userId","required":true,"transform":{"type":"scalar"},"locs":[{"a":129,"b":136}]}],"statement":"UPDATE profiles SET daily_transaction_limit = :usd, weekly_transaction_limit = :usd, monthly_transaction_limit = :usd WHERE id = :userId!"};

/**
 * Query generated from SQL:
 * ```
 * UPDATE profiles SET daily_transaction_limit = :usd, weekly_transaction_limit = :usd, monthly_transaction_limit = :usd WHERE id = :userId!
 * ```
 */
export const setLimits = new PreparedQuery<ISetLimitsParams,ISetLimitsResult>(setLimitsIR);


/** 'SetDailyCap' parameters type */
export interface ISetDailyCapParams {
  usd: string;
}

/** 'SetDailyCap' return type */
export type ISetDailyCapResult = void;

/** 'SetDailyCap' query type */
export interface ISetDailyCapQuery {
  params: ISetDailyCapParams;
  result: ISetDailyCapResult;
}

const setDailyCapIR: any = {"usedParamSet":{"usd":true},"params":[{"name":"usd","required":true,"transform":{"type":"scalar"},"locs":[{"a":74,"b":78}]}],"statement":"UPDATE transaction_limit_caps SET max_usd = CASE period WHEN 'daily' THEN :usd!::numeric ELSE 1000000000 END"};

/**
 * Query generated from SQL:
 * ```
 * UPDATE transaction_limit_caps SET max_usd = CASE period WHEN 'daily' THEN :usd!::numeric ELSE 1000000000 END
 * ```
 */
export const setDailyCap = new PreparedQuery<ISetDailyCapParams,ISetDailyCapResult>(setDailyCapIR);


/** 'OutgoingUsage' parameters type */
export interface IOutgoingUsageParams {
  userId: string;
}

/** 'OutgoingUsage' return type */
export interface IOutgoingUsageResult {
  usd: string;
}

/** 'OutgoingUsage' query type */
export interface IOutgoingUsageQuery {
  params: IOutgoingUsageParams;
  result: IOutgoingUsageResult;
}

const outgoingUsageIR: any = {"usedParamSet":{"userId":true},"params":[{"name":"userId","required":true,"transform":{"type":"scalar"},"locs":[{"a":96,"b":103}]}],"statement":"SELECT coalesce(sum(usd), 0)::numeric(38,2)::text AS \"usd!\" FROM outgoing_usage WHERE user_id = :userId!"};

/**
 * Query generated from SQL:
 * ```
 * SELECT coalesce(sum(usd), 0)::numeric(38,2)::text AS "usd!" FROM outgoing_usage WHERE user_id = :userId!
 * ```
 */
export const outgoingUsage = new PreparedQuery<IOutgoingUsageParams,IOutgoingUsageResult>(outgoingUsageIR);


/** 'PinFailures' parameters type */
export interface IPinFailuresParams {
  userId: string;
}

/** 'PinFailures' return type */
export interface IPinFailuresResult {
  n: number;
}

/** 'PinFailures' query type */
export interface IPinFailuresQuery {
  params: IPinFailuresParams;
  result: IPinFailuresResult;
}

const pinFailuresIR: any = {"usedParamSet":{"userId":true},"params":[{"name":"userId","required":true,"transform":{"type":"scalar"},"locs":[{"a":57,"b":64}]}],"statement":"SELECT pin_failed_attempts AS n FROM profiles WHERE id = :userId!"};

/**
 * Query generated from SQL:
 * ```
 * SELECT pin_failed_attempts AS n FROM profiles WHERE id = :userId!
 * ```
 */
export const pinFailures = new PreparedQuery<IPinFailuresParams,IPinFailuresResult>(pinFailuresIR);


