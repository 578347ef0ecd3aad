// Generated from quote-send.sql and the database by pgtyped (scripts/sql-types.ts): do not edit.
// Regenerate after changing the .sql file, a migration or prisma/sql: pnpm --filter @portal/api generate:sql-types
import { PreparedQuery } from '../db/typed-sql.js';

/** 'WalletSendQuote' parameters type */
export interface IWalletSendQuoteParams {
  amount: string;
  assetSymbol: string;
  recipientEmail?: string | null | void;
  recipientId?: string | null | void;
  senderId: string;
}

/** 'WalletSendQuote' return type */
export interface IWalletSendQuoteResult {
  quote: unknown | null;
  refusal: unknown | null;
}

/** 'WalletSendQuote' query type */
export interface IWalletSendQuoteQuery {
  params: IWalletSendQuoteParams;
  result: IWalletSendQuoteResult;
}

const walletSendQuoteIR: any = {"usedParamSet":{"senderId":true,"recipientEmail":true,"recipientId":true,"assetSymbol":true,"amount":true},"params":[{"name":"senderId","required":true,"transform":{"type":"scalar"},"locs":[{"a":45,"b":54}]},{"name":"recipientEmail","required":false,"transform":{"type":"scalar"},"locs":[{"a":57,"b":71}]},{"name":"recipientId","required":false,"transform":{"type":"scalar"},"locs":[{"a":74,"b":85}]},{"name":"assetSymbol","required":true,"transform":{"type":"scalar"},"locs":[{"a":88,"b":100}]},{"name":"amount","required":true,"transform":{"type":"scalar"},"locs":[{"a":103,"b":110}]}],"statement":"SELECT quote, refusal FROM wallet_send_quote(:senderId!, :recipientEmail, :recipientId, :assetSymbol!, :amount!)"};

/**
 * Query generated from SQL:
 * ```
 * SELECT quote, refusal FROM wallet_send_quote(:senderId!, :recipientEmail, :recipientId, :assetSymbol!, :amount!)
 * ```
 */
export const walletSendQuote = new PreparedQuery<IWalletSendQuoteParams,IWalletSendQuoteResult>(walletSendQuoteIR);


/** 'QuoteOutflow' parameters type */
export interface IQuoteOutflowParams {
  amount: string;
  assetSymbol: string;
  userId: string;
}

/** 'QuoteOutflow' return type */
export interface IQuoteOutflowResult {
  refusal: unknown | null;
}

/** 'QuoteOutflow' query type */
export interface IQuoteOutflowQuery {
  params: IQuoteOutflowParams;
  result: IQuoteOutflowResult;
}

const quoteOutflowIR: any = {"usedParamSet":{"userId":true,"assetSymbol":true,"amount":true},"params":[{"name":"userId","required":true,"transform":{"type":"scalar"},"locs":[{"a":28,"b":35}]},{"name":"assetSymbol","required":true,"transform":{"type":"scalar"},"locs":[{"a":38,"b":50}]},{"name":"amount","required":true,"transform":{"type":"scalar"},"locs":[{"a":53,"b":60}]}],"statement":"SELECT ledger_quote_outflow(:userId!, :assetSymbol!, :amount!::numeric) AS refusal"};

/**
 * Query generated from SQL:
 * ```
 * SELECT ledger_quote_outflow(:userId!, :assetSymbol!, :amount!::numeric) AS refusal
 * ```
 */
export const quoteOutflow = new PreparedQuery<IQuoteOutflowParams,IQuoteOutflowResult>(quoteOutflowIR);


