import { getPool } from '../db/pool.js';
import { ledgerAnswer, type LedgerRefusal } from '../errors.js';
import { quoteOutflow as quoteOutflowQuery, walletSendQuote } from './quote-send.queries.js';

/** What a send would do, asked before the PIN: the recipient by e-mail or id (optional) and the amount of an asset. */
export interface SendCheck {
  recipientEmail?: string | null;
  recipientId?: string | null;
  assetSymbol: string;
  amount: string;
}

export interface SendQuote {
  asset_symbol: string;
  amount: string;
  fee: string;
  total: string;
  recipient: { id: string; full_name: string | null } | null;
}

/**
 * The send rule without the PIN and without moving money (SQL wallet_send_quote, prisma/sql/money.sql):
 * the quote, or exactly the refusal (status, code, message, field) that the send would give.
 */
export async function quoteSend(senderId: string, q: SendCheck): Promise<SendQuote> {
  const rows = await walletSendQuote.run({ senderId, ...q }, getPool());
  // the documents' shapes: wallet_send_quote in prisma/sql/money.sql
  const { quote, refusal } = rows[0]!;
  if (refusal) throw ledgerAnswer(refusal as LedgerRefusal);
  return quote as SendQuote;
}

/**
 * Any other outflow (a hold, an invoice payment), asked before the PIN: throws the refusal the ledger
 * would give (409 INSUFFICIENT_FUNDS, 409 LIMIT_EXCEEDED: SQL ledger_quote_outflow, the same facts and
 * checks as the posting) or returns. `amount`: all that leaves the wallet, a hold's fee included.
 */
export async function quoteOutflow(userId: string, assetSymbol: string, amount: string): Promise<void> {
  const rows = await quoteOutflowQuery.run({ userId, assetSymbol, amount }, getPool());
  const refusal = rows[0]?.refusal;
  if (refusal) throw ledgerAnswer(refusal as LedgerRefusal);
}
