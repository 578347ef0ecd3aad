// Generated from send.sql and the database by pgtyped (scripts/sql-types.ts): do not edit.
// Regenerate after changing the .sql file, a migration or prisma/sql: pnpm --filter @portal/api generate:sql-types
import { PreparedQuery } from '../db/typed-sql.js';

/** 'WalletSend' parameters type */
export interface IWalletSendParams {
  amount?: string | null | void;
  assetSymbol?: string | null | void;
  description?: string | null | void;
  idempotencyKey?: string | null | void;
  paymentRequestId?: string | null | void;
  pinProof: Buffer;
  recipientEmail?: string | null | void;
  recipientId?: string | null | void;
  requestHash?: string | null | void;
  senderId: string;
  stepUp?: unknown | null | void;
}

/** 'WalletSend' return type */
export interface IWalletSendResult {
  json: string;
  refusal: unknown | null;
  replayed: boolean;
  stored_status: number | null;
}

/** 'WalletSend' query type */
export interface IWalletSendQuery {
  params: IWalletSendParams;
  result: IWalletSendResult;
}

const walletSendIR: any = {"usedParamSet":{"senderId":true,"recipientEmail":true,"recipientId":true,"assetSymbol":true,"amount":true,"description":true,"pinProof":true,"idempotencyKey":true,"requestHash":true,"paymentRequestId":true,"stepUp":true},"params":[{"name":"senderId","required":true,"transform":{"type":"scalar"},"locs":[{"a":114,"b":123}]},{"name":"recipientEmail","required":false,"transform":{"type":"scalar"},"locs":[{"a":126,"b":140}]},{"name":"recipientId","required":false,"transform":{"type":"scalar"},"locs":[{"a":143,"b":154}]},{"name":"assetSymbol","required":false,"transform":{"type":"scalar"},"locs":[{"a":157,"b":168}]},{"name":"amount","required":false,"transform":{"type":"scalar"},"locs":[{"a":171,"b":177}]},{"name":"description","required":false,"transform":{"type":"scalar"},"locs":[{"a":180,"b":191}]},{"name":"pinProof","required":true,"transform":{"type":"scalar"},"locs":[{"a":194,"b":203}]},{"name":"idempotencyKey","required":false,"transform":{"type":"scalar"},"locs":[{"a":206,"b":220}]},{"name":"requestHash","required":false,"transform":{"type":"scalar"},"locs":[{"a":223,"b":234}]},{"name":"paymentRequestId","required":false,"transform":{"type":"scalar"},"locs":[{"a":237,"b":253}]},{"name":"stepUp","required":false,"transform":{"type":"scalar"},"locs":[{"a":256,"b":262}]}],"statement":"SELECT body::text AS \"json!\", body->'refusal' AS refusal, replayed AS \"replayed!\", stored_status FROM wallet_send(:senderId!, :recipientEmail, :recipientId, :assetSymbol, :amount, :description, :pinProof!, :idempotencyKey, :requestHash, :paymentRequestId, :stepUp)"};

/**
 * Query generated from SQL:
 * ```
 * SELECT body::text AS "json!", body->'refusal' AS refusal, replayed AS "replayed!", stored_status FROM wallet_send(:senderId!, :recipientEmail, :recipientId, :assetSymbol, :amount, :description, :pinProof!, :idempotencyKey, :requestHash, :paymentRequestId, :stepUp)
 * ```
 */
export const walletSend = new PreparedQuery<IWalletSendParams,IWalletSendResult>(walletSendIR);


/** 'WalletSendBatch' parameters type */
export interface IWalletSendBatchParams {
  items: unknown;
}

/** 'WalletSendBatch' return type */
export interface IWalletSendBatchResult {
  json: string;
  plain: boolean;
  refusal: unknown | null;
  replayed: boolean;
  stored_status: number | null;
}

/** 'WalletSendBatch' query type */
export interface IWalletSendBatchQuery {
  params: IWalletSendBatchParams;
  result: IWalletSendBatchResult;
}

const walletSendBatchIR: any = {"usedParamSet":{"items":true},"params":[{"name":"items","required":true,"transform":{"type":"scalar"},"locs":[{"a":139,"b":145}]}],"statement":"SELECT body::text AS \"json!\", body->'refusal' AS refusal, replayed AS \"replayed!\", stored_status, plain AS \"plain!\" FROM wallet_send_batch(:items!)"};

/**
 * Query generated from SQL:
 * ```
 * SELECT body::text AS "json!", body->'refusal' AS refusal, replayed AS "replayed!", stored_status, plain AS "plain!" FROM wallet_send_batch(:items!)
 * ```
 */
export const walletSendBatch = new PreparedQuery<IWalletSendBatchParams,IWalletSendBatchResult>(walletSendBatchIR);


