/**
 * The ledger: the only way money moves. Modules call postTransfer() (send money, deposits,
 * withdrawals, milestone payments, investments); it calls the SQL function ledger_post_transfer()
 * (prisma/migrations/20260101000100_ledger/migration.sql, whose comments state the invariants;
 * replaced in 20260103000100_money_core to also count wallet transactions) in ONE round trip on the
 * pg pool: transaction row, double-entry ledger entries, wallet balances, fee to the fee account,
 * all in one database transaction with wallet rows locked in id order.
 *
 * User-initiated sends go through sendMoney() (SQL wallet_send()): idempotency claim, sender lock,
 * PIN, balance, daily/weekly/monthly limits in US dollars, posting and the stored answer, in one
 * statement. Sends that arrive while the database is busy go together in one database transaction
 * (SendQueue in send.ts, SQL wallet_send_batch()), answered as if made one by one. Errors of
 * postTransfer come back as pg errors with SQLSTATE LD001..LD010, which platform/errors.ts maps to
 * 400 / 409 INSUFFICIENT_FUNDS.
 */
export { postTransfer, quoteFee, type TransferRequest, type PostedTransfer, type Party } from './post-transfer.js';
export { checkBooks, type BooksReport } from './check-books.js';
export { sendMoney, sendQueue, type SendRequest, type SendAnswer } from './send.js';
