// Generated from check-books.sql and the database by pgtyped (scripts/sql-types.ts): do not edit.
// Regenerate after changing the .sql file, a migration or prisma/sql: pnpm --filter @portal/api generate:sql-types
import { PreparedQuery } from '../db/typed-sql.js';

/** 'UnbalancedAssets' parameters type */
export type IUnbalancedAssetsParams = void;

/** 'UnbalancedAssets' return type */
export interface IUnbalancedAssetsResult {
  symbol: string;
  total: string | null;
}

/** 'UnbalancedAssets' query type */
export interface IUnbalancedAssetsQuery {
  params: IUnbalancedAssetsParams;
  result: IUnbalancedAssetsResult;
}

const unbalancedAssetsIR: any = {"usedParamSet":{},"params":[],"statement":"-- L1: an asset's entries sum to zero.\nSELECT a.symbol, sum(e.amount)::text AS total FROM ledger_entries e JOIN assets a ON a.id = e.asset_id\n GROUP BY a.symbol HAVING sum(e.amount) <> 0"};

/**
 * Query generated from SQL:
 * ```
 * -- L1: an asset's entries sum to zero.
 * SELECT a.symbol, sum(e.amount)::text AS total FROM ledger_entries e JOIN assets a ON a.id = e.asset_id
 *  GROUP BY a.symbol HAVING sum(e.amount) <> 0
 * ```
 */
export const unbalancedAssets = new PreparedQuery<IUnbalancedAssetsParams,IUnbalancedAssetsResult>(unbalancedAssetsIR);


/** 'UnbalancedTransactions' parameters type */
export type IUnbalancedTransactionsParams = void;

/** 'UnbalancedTransactions' return type */
export interface IUnbalancedTransactionsResult {
  total: string | null;
  transaction_id: string;
}

/** 'UnbalancedTransactions' query type */
export interface IUnbalancedTransactionsQuery {
  params: IUnbalancedTransactionsParams;
  result: IUnbalancedTransactionsResult;
}

const unbalancedTransactionsIR: any = {"usedParamSet":{},"params":[],"statement":"-- L1: a transaction's entries sum to zero.\nSELECT transaction_id, sum(amount)::text AS total FROM ledger_entries GROUP BY transaction_id HAVING sum(amount) <> 0"};

/**
 * Query generated from SQL:
 * ```
 * -- L1: a transaction's entries sum to zero.
 * SELECT transaction_id, sum(amount)::text AS total FROM ledger_entries GROUP BY transaction_id HAVING sum(amount) <> 0
 * ```
 */
export const unbalancedTransactions = new PreparedQuery<IUnbalancedTransactionsParams,IUnbalancedTransactionsResult>(unbalancedTransactionsIR);


/** 'TransactionsWithoutEntries' parameters type */
export type ITransactionsWithoutEntriesParams = void;

/** 'TransactionsWithoutEntries' return type */
export interface ITransactionsWithoutEntriesResult {
  id: string;
}

/** 'TransactionsWithoutEntries' query type */
export interface ITransactionsWithoutEntriesQuery {
  params: ITransactionsWithoutEntriesParams;
  result: ITransactionsWithoutEntriesResult;
}

const transactionsWithoutEntriesIR: any = {"usedParamSet":{},"params":[],"statement":"SELECT t.id FROM transactions t WHERE NOT EXISTS (SELECT 1 FROM ledger_entries e WHERE e.transaction_id = t.id)"};

/**
 * Query generated from SQL:
 * ```
 * SELECT t.id FROM transactions t WHERE NOT EXISTS (SELECT 1 FROM ledger_entries e WHERE e.transaction_id = t.id)
 * ```
 */
export const transactionsWithoutEntries = new PreparedQuery<ITransactionsWithoutEntriesParams,ITransactionsWithoutEntriesResult>(transactionsWithoutEntriesIR);


/** 'WalletsOffTheirEntries' parameters type */
export type IWalletsOffTheirEntriesParams = void;

/** 'WalletsOffTheirEntries' return type */
export interface IWalletsOffTheirEntriesResult {
  balance: string | null;
  id: string;
  total: string | null;
}

/** 'WalletsOffTheirEntries' query type */
export interface IWalletsOffTheirEntriesQuery {
  params: IWalletsOffTheirEntriesParams;
  result: IWalletsOffTheirEntriesResult;
}

const walletsOffTheirEntriesIR: any = {"usedParamSet":{},"params":[],"statement":"-- L2: a wallet's balance is the sum of its entries.\nSELECT w.id, w.balance::text AS balance, coalesce(e.total, 0)::text AS total\n  FROM user_wallets w LEFT JOIN (SELECT wallet_id, sum(amount) AS total FROM ledger_entries WHERE wallet_id IS NOT NULL GROUP BY wallet_id) e\n    ON e.wallet_id = w.id\n WHERE w.balance <> coalesce(e.total, 0)"};

/**
 * Query generated from SQL:
 * ```
 * -- L2: a wallet's balance is the sum of its entries.
 * SELECT w.id, w.balance::text AS balance, coalesce(e.total, 0)::text AS total
 *   FROM user_wallets w LEFT JOIN (SELECT wallet_id, sum(amount) AS total FROM ledger_entries WHERE wallet_id IS NOT NULL GROUP BY wallet_id) e
 *     ON e.wallet_id = w.id
 *  WHERE w.balance <> coalesce(e.total, 0)
 * ```
 */
export const walletsOffTheirEntries = new PreparedQuery<IWalletsOffTheirEntriesParams,IWalletsOffTheirEntriesResult>(walletsOffTheirEntriesIR);


/** 'EntriesInAnotherAsset' parameters type */
export type IEntriesInAnotherAssetParams = void;

/** 'EntriesInAnotherAsset' return type */
export interface IEntriesInAnotherAssetResult {
  id: string;
}

/** 'EntriesInAnotherAsset' query type */
export interface IEntriesInAnotherAssetQuery {
  params: IEntriesInAnotherAssetParams;
  result: IEntriesInAnotherAssetResult;
}

const entriesInAnotherAssetIR: any = {"usedParamSet":{},"params":[],"statement":"SELECT e.id FROM ledger_entries e\n  LEFT JOIN user_wallets w ON w.id = e.wallet_id LEFT JOIN system_accounts s ON s.id = e.system_account_id\n WHERE coalesce(w.asset_id, s.asset_id) <> e.asset_id"};

/**
 * Query generated from SQL:
 * ```
 * SELECT e.id FROM ledger_entries e
 *   LEFT JOIN user_wallets w ON w.id = e.wallet_id LEFT JOIN system_accounts s ON s.id = e.system_account_id
 *  WHERE coalesce(w.asset_id, s.asset_id) <> e.asset_id
 * ```
 */
export const entriesInAnotherAsset = new PreparedQuery<IEntriesInAnotherAssetParams,IEntriesInAnotherAssetResult>(entriesInAnotherAssetIR);


/** 'NegativeWallets' parameters type */
export type INegativeWalletsParams = void;

/** 'NegativeWallets' return type */
export interface INegativeWalletsResult {
  balance: string | null;
  id: string;
}

/** 'NegativeWallets' query type */
export interface INegativeWalletsQuery {
  params: INegativeWalletsParams;
  result: INegativeWalletsResult;
}

const negativeWalletsIR: any = {"usedParamSet":{},"params":[],"statement":"SELECT id, balance::text AS balance FROM user_wallets WHERE balance < 0"};

/**
 * Query generated from SQL:
 * ```
 * SELECT id, balance::text AS balance FROM user_wallets WHERE balance < 0
 * ```
 */
export const negativeWallets = new PreparedQuery<INegativeWalletsParams,INegativeWalletsResult>(negativeWalletsIR);


/** 'EntriesWithMissingRows' parameters type */
export type IEntriesWithMissingRowsParams = void;

/** 'EntriesWithMissingRows' return type */
export interface IEntriesWithMissingRowsResult {
  id: string;
}

/** 'EntriesWithMissingRows' query type */
export interface IEntriesWithMissingRowsQuery {
  params: IEntriesWithMissingRowsParams;
  result: IEntriesWithMissingRowsResult;
}

const entriesWithMissingRowsIR: any = {"usedParamSet":{},"params":[],"statement":"-- R3: ledger rows carry no foreign-key checks, so dangling ids are counted here.\nSELECT e.id FROM ledger_entries e\n WHERE NOT EXISTS (SELECT 1 FROM transactions t WHERE t.id = e.transaction_id)\n    OR NOT EXISTS (SELECT 1 FROM assets a WHERE a.id = e.asset_id)\n    OR (e.wallet_id IS NOT NULL AND NOT EXISTS (SELECT 1 FROM user_wallets w WHERE w.id = e.wallet_id))\n    OR (e.system_account_id IS NOT NULL AND NOT EXISTS (SELECT 1 FROM system_accounts s WHERE s.id = e.system_account_id))"};

/**
 * Query generated from SQL:
 * ```
 * -- R3: ledger rows carry no foreign-key checks, so dangling ids are counted here.
 * SELECT e.id FROM ledger_entries e
 *  WHERE NOT EXISTS (SELECT 1 FROM transactions t WHERE t.id = e.transaction_id)
 *     OR NOT EXISTS (SELECT 1 FROM assets a WHERE a.id = e.asset_id)
 *     OR (e.wallet_id IS NOT NULL AND NOT EXISTS (SELECT 1 FROM user_wallets w WHERE w.id = e.wallet_id))
 *     OR (e.system_account_id IS NOT NULL AND NOT EXISTS (SELECT 1 FROM system_accounts s WHERE s.id = e.system_account_id))
 * ```
 */
export const entriesWithMissingRows = new PreparedQuery<IEntriesWithMissingRowsParams,IEntriesWithMissingRowsResult>(entriesWithMissingRowsIR);


/** 'TransactionsWithMissingRows' parameters type */
export type ITransactionsWithMissingRowsParams = void;

/** 'TransactionsWithMissingRows' return type */
export interface ITransactionsWithMissingRowsResult {
  id: string;
}

/** 'TransactionsWithMissingRows' query type */
export interface ITransactionsWithMissingRowsQuery {
  params: ITransactionsWithMissingRowsParams;
  result: ITransactionsWithMissingRowsResult;
}

const transactionsWithMissingRowsIR: any = {"usedParamSet":{},"params":[],"statement":"SELECT t.id FROM transactions t\n WHERE NOT EXISTS (SELECT 1 FROM assets a WHERE a.id = t.asset_id)\n    OR (t.sender_id IS NOT NULL AND NOT EXISTS (SELECT 1 FROM profiles p WHERE p.id = t.sender_id))\n    OR (t.receiver_id IS NOT NULL AND NOT EXISTS (SELECT 1 FROM profiles p WHERE p.id = t.receiver_id))"};

/**
 * Query generated from SQL:
 * ```
 * SELECT t.id FROM transactions t
 *  WHERE NOT EXISTS (SELECT 1 FROM assets a WHERE a.id = t.asset_id)
 *     OR (t.sender_id IS NOT NULL AND NOT EXISTS (SELECT 1 FROM profiles p WHERE p.id = t.sender_id))
 *     OR (t.receiver_id IS NOT NULL AND NOT EXISTS (SELECT 1 FROM profiles p WHERE p.id = t.receiver_id))
 * ```
 */
export const transactionsWithMissingRows = new PreparedQuery<ITransactionsWithMissingRowsParams,ITransactionsWithMissingRowsResult>(transactionsWithMissingRowsIR);


/** 'HoldsOffTheirEntries' parameters type */
export type IHoldsOffTheirEntriesParams = void;

/** 'HoldsOffTheirEntries' return type */
export interface IHoldsOffTheirEntriesResult {
  held: string | null;
  reference_id: string;
  reference_type: string;
  total: string | null;
}

/** 'HoldsOffTheirEntries' query type */
export interface IHoldsOffTheirEntriesQuery {
  params: IHoldsOffTheirEntriesParams;
  result: IHoldsOffTheirEntriesResult;
}

const holdsOffTheirEntriesIR: any = {"usedParamSet":{},"params":[],"statement":"-- L7: every reference's held amount equals its escrow entries.\nSELECT h.reference_type, h.reference_id, h.held::text AS held, coalesce(e.total, 0)::text AS total\n  FROM escrow_holds h\n  LEFT JOIN (SELECT e.reference_type, e.reference_id, sum(e.amount) AS total\n               FROM ledger_entries e JOIN system_accounts s ON s.id = e.system_account_id AND s.code = 'escrow'\n              WHERE e.reference_id IS NOT NULL GROUP BY 1, 2) e USING (reference_type, reference_id)\n WHERE h.held <> coalesce(e.total, 0)"};

/**
 * Query generated from SQL:
 * ```
 * -- L7: every reference's held amount equals its escrow entries.
 * SELECT h.reference_type, h.reference_id, h.held::text AS held, coalesce(e.total, 0)::text AS total
 *   FROM escrow_holds h
 *   LEFT JOIN (SELECT e.reference_type, e.reference_id, sum(e.amount) AS total
 *                FROM ledger_entries e JOIN system_accounts s ON s.id = e.system_account_id AND s.code = 'escrow'
 *               WHERE e.reference_id IS NOT NULL GROUP BY 1, 2) e USING (reference_type, reference_id)
 *  WHERE h.held <> coalesce(e.total, 0)
 * ```
 */
export const holdsOffTheirEntries = new PreparedQuery<IHoldsOffTheirEntriesParams,IHoldsOffTheirEntriesResult>(holdsOffTheirEntriesIR);


/** 'EscrowEntriesWithoutHold' parameters type */
export type IEscrowEntriesWithoutHoldParams = void;

/** 'EscrowEntriesWithoutHold' return type */
export interface IEscrowEntriesWithoutHoldResult {
  id: string;
}

/** 'EscrowEntriesWithoutHold' query type */
export interface IEscrowEntriesWithoutHoldQuery {
  params: IEscrowEntriesWithoutHoldParams;
  result: IEscrowEntriesWithoutHoldResult;
}

const escrowEntriesWithoutHoldIR: any = {"usedParamSet":{},"params":[],"statement":"-- L7: every escrow entry has a reference.\nSELECT e.id FROM ledger_entries e JOIN system_accounts s ON s.id = e.system_account_id AND s.code = 'escrow'\n WHERE NOT EXISTS (SELECT 1 FROM escrow_holds h WHERE h.reference_type = e.reference_type AND h.reference_id = e.reference_id)"};

/**
 * Query generated from SQL:
 * ```
 * -- L7: every escrow entry has a reference.
 * SELECT e.id FROM ledger_entries e JOIN system_accounts s ON s.id = e.system_account_id AND s.code = 'escrow'
 *  WHERE NOT EXISTS (SELECT 1 FROM escrow_holds h WHERE h.reference_type = e.reference_type AND h.reference_id = e.reference_id)
 * ```
 */
export const escrowEntriesWithoutHold = new PreparedQuery<IEscrowEntriesWithoutHoldParams,IEscrowEntriesWithoutHoldResult>(escrowEntriesWithoutHoldIR);


/** 'WalletTotals' parameters type */
export type IWalletTotalsParams = void;

/** 'WalletTotals' return type */
export interface IWalletTotalsResult {
  symbol: string;
  total: string;
}

/** 'WalletTotals' query type */
export interface IWalletTotalsQuery {
  params: IWalletTotalsParams;
  result: IWalletTotalsResult;
}

const walletTotalsIR: any = {"usedParamSet":{},"params":[],"statement":"SELECT a.symbol, coalesce(sum(w.balance), 0)::text AS \"total!\" FROM assets a LEFT JOIN user_wallets w ON w.asset_id = a.id GROUP BY a.symbol"};

/**
 * Query generated from SQL:
 * ```
 * SELECT a.symbol, coalesce(sum(w.balance), 0)::text AS "total!" FROM assets a LEFT JOIN user_wallets w ON w.asset_id = a.id GROUP BY a.symbol
 * ```
 */
export const walletTotals = new PreparedQuery<IWalletTotalsParams,IWalletTotalsResult>(walletTotalsIR);


/** 'SystemTotals' parameters type */
export type ISystemTotalsParams = void;

/** 'SystemTotals' return type */
export interface ISystemTotalsResult {
  balance: string;
  code: string;
  symbol: string;
}

/** 'SystemTotals' query type */
export interface ISystemTotalsQuery {
  params: ISystemTotalsParams;
  result: ISystemTotalsResult;
}

const systemTotalsIR: any = {"usedParamSet":{},"params":[],"statement":"SELECT a.symbol, b.code::text AS \"code!\", b.balance::text AS \"balance!\" FROM system_account_balances b JOIN assets a ON a.id = b.asset_id"};

/**
 * Query generated from SQL:
 * ```
 * SELECT a.symbol, b.code::text AS "code!", b.balance::text AS "balance!" FROM system_account_balances b JOIN assets a ON a.id = b.asset_id
 * ```
 */
export const systemTotals = new PreparedQuery<ISystemTotalsParams,ISystemTotalsResult>(systemTotalsIR);


