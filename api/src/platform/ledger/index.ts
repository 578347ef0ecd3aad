/**
 * The ledger: the only way money moves. Modules call postTransfer() (send money, deposits,
 * withdrawals, milestone payments, investments); it calls the SQL function ledger_post_transfer()
 * (prisma/migrations/20260101000100_ledger/migration.sql, whose comments state the invariants) in
 * ONE round trip on the pg pool: transaction row, double-entry ledger entries, wallet balances,
 * fee to the fee account, all in one database transaction with wallet rows locked in id order.
 *
 * Seam for what comes next (PIN, idempotency, limits, the send endpoint): do those checks BEFORE
 * calling postTransfer, and pass `client` when they must share its database transaction (e.g. store
 * the idempotency response in the same commit). Errors come back as pg errors with SQLSTATE
 * LD001..LD010, which platform/errors.ts maps to 400 / 409 INSUFFICIENT_FUNDS.
 */
export { postTransfer, quoteFee, type TransferRequest, type PostedTransfer, type Party } from './post-transfer.js';
export { checkBooks, type BooksReport } from './check-books.js';
