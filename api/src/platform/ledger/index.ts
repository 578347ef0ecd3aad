/**
 * The ledger: the only way money moves. Modules call postTransfer() (send money, deposits,
 * withdrawals, milestone payments, investments); it calls the SQL function ledger_post_transfer()
 * (prisma/sql/ledger.sql, whose header states the invariants) in ONE round trip on the
 * pg pool: transaction row, double-entry ledger entries, wallet balances, fee to the fee account,
 * all in one database transaction with wallet rows locked in id order.
 *
 * Every outflow of a user (a send, an invoice payment, a hold for a milestone, an investment or a
 * withdrawal) is refused over the daily/weekly/monthly limits and counted in outgoing_usage by the
 * posting itself (ledger.sql L8); quoteOutflow() asks the same before the PIN.
 *
 * User-initiated sends go through sendMoney() (SQL wallet_send()): idempotency claim, sender lock,
 * PIN, balance, limits, posting and the stored outcome, in one statement. Sends that arrive while the
 * database is busy go together in one database transaction (SendQueue in send.ts, SQL
 * wallet_send_batch()), answered as if made one by one. Errors of postTransfer come back as pg errors
 * with SQLSTATE LD0xx, which platform/errors.ts maps (400, 409 INSUFFICIENT_FUNDS, 409 LIMIT_EXCEEDED).
 *
 * Escrow (marketplace milestones, investments, invoices, withdrawals in flight) goes through hold(),
 * release() and refund() in escrow.ts, on the caller's transaction.
 */
export { postTransfer, quoteFee, type TransferRequest, type PostedTransfer, type Party } from './post-transfer.js';
export {
  hold,
  release,
  refund,
  type EscrowReference,
  type HoldRequest,
  type ReleaseRequest,
  type RefundRequest,
} from './escrow.js';
export { checkBooks, type BooksReport } from './check-books.js';
export { quoteOutflow, quoteSend, type SendCheck, type SendQuote } from './quote-send.js';
export { sendMoney, sendQueue, type SendRequest, type SendAnswer } from './send.js';
