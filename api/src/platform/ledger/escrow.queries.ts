// Generated from escrow.sql and the database by pgtyped (scripts/sql-types.ts): do not edit.
// Regenerate after changing the .sql file, a migration or prisma/sql: pnpm --filter @portal/api generate:sql-types
import { PreparedQuery } from '../db/typed-sql.js';

export type system_account_code = 'deposits' | 'escrow' | 'fees' | 'withdrawals';

export type transaction_type = 'bank_reversal' | 'deposit' | 'escrow_hold' | 'escrow_refund' | 'investment' | 'invoice_payment' | 'milestone_payment' | 'p2p_transfer' | 'payment_request_payment' | 'withdrawal';

/** 'Hold' parameters type */
export interface IHoldParams {
  amount: string;
  assetSymbol: string;
  description?: string | null | void;
  payerId: string;
  referenceId: string;
  referenceType: string;
}

/** 'Hold' return type */
export interface IHoldResult {
  held: string;
  payer_balance: string;
  transaction_id: string;
}

/** 'Hold' query type */
export interface IHoldQuery {
  params: IHoldParams;
  result: IHoldResult;
}

const holdIR: any = {"usedParamSet":{"referenceType":true,"referenceId":true,"payerId":true,"assetSymbol":true,"amount":true,"description":true},"params":[{"name":"referenceType","required":true,"transform":{"type":"scalar"},"locs":[{"a":126,"b":140}]},{"name":"referenceId","required":true,"transform":{"type":"scalar"},"locs":[{"a":143,"b":155}]},{"name":"payerId","required":true,"transform":{"type":"scalar"},"locs":[{"a":158,"b":166}]},{"name":"assetSymbol","required":true,"transform":{"type":"scalar"},"locs":[{"a":169,"b":181}]},{"name":"amount","required":true,"transform":{"type":"scalar"},"locs":[{"a":184,"b":191}]},{"name":"description","required":false,"transform":{"type":"scalar"},"locs":[{"a":203,"b":214}]}],"statement":"SELECT transaction_id AS \"transaction_id!\", held::text AS \"held!\", payer_balance::text AS \"payer_balance!\"\n  FROM ledger_hold(:referenceType!, :referenceId!, :payerId!, :assetSymbol!, :amount!::numeric, :description)"};

/**
 * Query generated from SQL:
 * ```
 * SELECT transaction_id AS "transaction_id!", held::text AS "held!", payer_balance::text AS "payer_balance!"
 *   FROM ledger_hold(:referenceType!, :referenceId!, :payerId!, :assetSymbol!, :amount!::numeric, :description)
 * ```
 */
export const hold = new PreparedQuery<IHoldParams,IHoldResult>(holdIR);


/** 'Release' parameters type */
export interface IReleaseParams {
  amount?: string | null | void;
  description?: string | null | void;
  fee?: string | null | void;
  feeType: transaction_type;
  referenceId: string;
  referenceType: string;
  toSystem?: system_account_code | null | void;
  toUser?: string | null | void;
}

/** 'Release' return type */
export interface IReleaseResult {
  amount: string;
  fee: string;
  held: string;
  transaction_id: string;
}

/** 'Release' query type */
export interface IReleaseQuery {
  params: IReleaseParams;
  result: IReleaseResult;
}

const releaseIR: any = {"usedParamSet":{"referenceType":true,"referenceId":true,"toUser":true,"amount":true,"feeType":true,"description":true,"toSystem":true,"fee":true},"params":[{"name":"referenceType","required":true,"transform":{"type":"scalar"},"locs":[{"a":136,"b":150}]},{"name":"referenceId","required":true,"transform":{"type":"scalar"},"locs":[{"a":153,"b":165}]},{"name":"toUser","required":false,"transform":{"type":"scalar"},"locs":[{"a":168,"b":174}]},{"name":"amount","required":false,"transform":{"type":"scalar"},"locs":[{"a":177,"b":183}]},{"name":"feeType","required":true,"transform":{"type":"scalar"},"locs":[{"a":195,"b":203}]},{"name":"description","required":false,"transform":{"type":"scalar"},"locs":[{"a":206,"b":217}]},{"name":"toSystem","required":false,"transform":{"type":"scalar"},"locs":[{"a":220,"b":228}]},{"name":"fee","required":false,"transform":{"type":"scalar"},"locs":[{"a":231,"b":234}]}],"statement":"SELECT transaction_id AS \"transaction_id!\", amount::text AS \"amount!\", fee::text AS \"fee!\", held::text AS \"held!\"\n  FROM ledger_release(:referenceType!, :referenceId!, :toUser, :amount::numeric, :feeType!, :description, :toSystem, :fee::numeric)"};

/**
 * Query generated from SQL:
 * ```
 * SELECT transaction_id AS "transaction_id!", amount::text AS "amount!", fee::text AS "fee!", held::text AS "held!"
 *   FROM ledger_release(:referenceType!, :referenceId!, :toUser, :amount::numeric, :feeType!, :description, :toSystem, :fee::numeric)
 * ```
 */
export const release = new PreparedQuery<IReleaseParams,IReleaseResult>(releaseIR);


/** 'Refund' parameters type */
export interface IRefundParams {
  amount?: string | null | void;
  description?: string | null | void;
  referenceId: string;
  referenceType: string;
}

/** 'Refund' return type */
export interface IRefundResult {
  amount: string;
  held: string;
  transaction_id: string;
}

/** 'Refund' query type */
export interface IRefundQuery {
  params: IRefundParams;
  result: IRefundResult;
}

const refundIR: any = {"usedParamSet":{"referenceType":true,"referenceId":true,"amount":true,"description":true},"params":[{"name":"referenceType","required":true,"transform":{"type":"scalar"},"locs":[{"a":114,"b":128}]},{"name":"referenceId","required":true,"transform":{"type":"scalar"},"locs":[{"a":131,"b":143}]},{"name":"amount","required":false,"transform":{"type":"scalar"},"locs":[{"a":146,"b":152}]},{"name":"description","required":false,"transform":{"type":"scalar"},"locs":[{"a":164,"b":175}]}],"statement":"SELECT transaction_id AS \"transaction_id!\", amount::text AS \"amount!\", held::text AS \"held!\"\n  FROM ledger_refund(:referenceType!, :referenceId!, :amount::numeric, :description)"};

/**
 * Query generated from SQL:
 * ```
 * SELECT transaction_id AS "transaction_id!", amount::text AS "amount!", held::text AS "held!"
 *   FROM ledger_refund(:referenceType!, :referenceId!, :amount::numeric, :description)
 * ```
 */
export const refund = new PreparedQuery<IRefundParams,IRefundResult>(refundIR);


