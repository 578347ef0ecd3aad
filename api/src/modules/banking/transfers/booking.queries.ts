// Generated from booking.sql and the database by pgtyped (scripts/sql-types.ts): do not edit.
// Regenerate after changing the .sql file, a migration or prisma/sql: pnpm --filter @portal/api generate:sql-types
import { PreparedQuery } from '../../../platform/db/typed-sql.js';

/** 'LockWalletBalance' parameters type */
export interface ILockWalletBalanceParams {
  symbol: string;
  userId: string;
}

/** 'LockWalletBalance' return type */
export interface ILockWalletBalanceResult {
  balance: string;
}

/** 'LockWalletBalance' query type */
export interface ILockWalletBalanceQuery {
  params: ILockWalletBalanceParams;
  result: ILockWalletBalanceResult;
}

const lockWalletBalanceIR: any = {"usedParamSet":{"userId":true,"symbol":true},"params":[{"name":"userId","required":true,"transform":{"type":"scalar"},"locs":[{"a":110,"b":117}]},{"name":"symbol","required":true,"transform":{"type":"scalar"},"locs":[{"a":134,"b":141}]}],"statement":"SELECT w.balance::text AS \"balance!\" FROM user_wallets w JOIN assets a ON a.id = w.asset_id WHERE w.user_id = :userId! AND a.symbol = :symbol! FOR UPDATE OF w"};

/**
 * Query generated from SQL:
 * ```
 * SELECT w.balance::text AS "balance!" FROM user_wallets w JOIN assets a ON a.id = w.asset_id WHERE w.user_id = :userId! AND a.symbol = :symbol! FOR UPDATE OF w
 * ```
 */
export const lockWalletBalance = new PreparedQuery<ILockWalletBalanceParams,ILockWalletBalanceResult>(lockWalletBalanceIR);


