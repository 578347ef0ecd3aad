// Generated from post-transfer.sql and the database by pgtyped (scripts/sql-types.ts): do not edit.
// Regenerate after changing the .sql file, a migration or prisma/sql: pnpm --filter @portal/api generate:sql-types
import { PreparedQuery } from '../db/typed-sql.js';

export type fee_bearer = 'receiver' | 'sender';

export type system_account_code = 'deposits' | 'escrow' | 'fees' | 'withdrawals';

export type transaction_type = 'bank_reversal' | 'deposit' | 'escrow_hold' | 'escrow_refund' | 'investment' | 'invoice_payment' | 'milestone_payment' | 'p2p_transfer' | 'payment_request_payment' | 'withdrawal';

/** 'PostTransfer' parameters type */
export interface IPostTransferParams {
  amount: string;
  assetSymbol: string;
  description?: string | null | void;
  fromSystem?: system_account_code | null | void;
  fromUser?: string | null | void;
  toSystem?: system_account_code | null | void;
  toUser?: string | null | void;
  type: transaction_type;
}

/** 'PostTransfer' return type */
export interface IPostTransferResult {
  amount: string;
  created_at: Date;
  fee: string;
  sender_balance: string | null;
  transaction_id: string;
}

/** 'PostTransfer' query type */
export interface IPostTransferQuery {
  params: IPostTransferParams;
  result: IPostTransferResult;
}

const postTransferIR: any = {"usedParamSet":{"type":true,"assetSymbol":true,"fromUser":true,"fromSystem":true,"toUser":true,"toSystem":true,"amount":true,"description":true},"params":[{"name":"type","required":true,"transform":{"type":"scalar"},"locs":[{"a":170,"b":175}]},{"name":"assetSymbol","required":true,"transform":{"type":"scalar"},"locs":[{"a":178,"b":190}]},{"name":"fromUser","required":false,"transform":{"type":"scalar"},"locs":[{"a":193,"b":201}]},{"name":"fromSystem","required":false,"transform":{"type":"scalar"},"locs":[{"a":204,"b":214}]},{"name":"toUser","required":false,"transform":{"type":"scalar"},"locs":[{"a":217,"b":223}]},{"name":"toSystem","required":false,"transform":{"type":"scalar"},"locs":[{"a":226,"b":234}]},{"name":"amount","required":true,"transform":{"type":"scalar"},"locs":[{"a":237,"b":244}]},{"name":"description","required":false,"transform":{"type":"scalar"},"locs":[{"a":256,"b":267}]}],"statement":"SELECT transaction_id AS \"transaction_id!\", created_at AS \"created_at!\", amount::text AS \"amount!\", fee::text AS \"fee!\", sender_balance::text\n  FROM ledger_post_transfer(:type!, :assetSymbol!, :fromUser, :fromSystem, :toUser, :toSystem, :amount!::numeric, :description)"};

/**
 * Query generated from SQL:
 * ```
 * SELECT transaction_id AS "transaction_id!", created_at AS "created_at!", amount::text AS "amount!", fee::text AS "fee!", sender_balance::text
 *   FROM ledger_post_transfer(:type!, :assetSymbol!, :fromUser, :fromSystem, :toUser, :toSystem, :amount!::numeric, :description)
 * ```
 */
export const postTransfer = new PreparedQuery<IPostTransferParams,IPostTransferResult>(postTransferIR);


/** 'QuoteFee' parameters type */
export interface IQuoteFeeParams {
  amount: string;
  assetSymbol: string;
  type: transaction_type;
}

/** 'QuoteFee' return type */
export interface IQuoteFeeResult {
  bearer: fee_bearer;
  fee: string;
}

/** 'QuoteFee' query type */
export interface IQuoteFeeQuery {
  params: IQuoteFeeParams;
  result: IQuoteFeeResult;
}

const quoteFeeIR: any = {"usedParamSet":{"type":true,"amount":true,"assetSymbol":true},"params":[{"name":"type","required":true,"transform":{"type":"scalar"},"locs":[{"a":84,"b":89}]},{"name":"amount","required":true,"transform":{"type":"scalar"},"locs":[{"a":98,"b":105}]},{"name":"assetSymbol","required":true,"transform":{"type":"scalar"},"locs":[{"a":136,"b":148}]}],"statement":"SELECT q.fee::text AS \"fee!\", q.bearer AS \"bearer!\" FROM assets a, ledger_quote_fee(:type!, a.id, :amount!::numeric) q WHERE a.symbol = :assetSymbol!"};

/**
 * Query generated from SQL:
 * ```
 * SELECT q.fee::text AS "fee!", q.bearer AS "bearer!" FROM assets a, ledger_quote_fee(:type!, a.id, :amount!::numeric) q WHERE a.symbol = :assetSymbol!
 * ```
 */
export const quoteFee = new PreparedQuery<IQuoteFeeParams,IQuoteFeeResult>(quoteFeeIR);


