import { createRouter } from '../../platform/http/router.js';
import * as accounts from './accounts/handlers.js';
import { listRoute as accountsRoute, reconnectedRoute, unlinkRoute } from './accounts/routes.js';
import * as deposits from './deposits/handlers.js';
import { depositRoute, quoteRoute as depositQuoteRoute } from './deposits/routes.js';
import { exchange } from './exchange/handlers.js';
import { exchangeRoute } from './exchange/routes.js';
import { linkToken } from './link-token/handlers.js';
import { linkTokenRoute } from './link-token/routes.js';
import * as transfers from './transfers/handlers.js';
import { listRoute as transfersRoute } from './transfers/routes.js';
import * as webhooks from './webhooks/handlers.js';
import { plaidWebhookRoute } from './webhooks/routes.js';
import * as withdrawals from './withdrawals/handlers.js';
import { quoteRoute, withdrawRoute } from './withdrawals/routes.js';

/**
 * /api/banking. /accounts -> accounts/ (list, unlink, reconnected after Link's update
 * mode); /link-token and /exchange -> link-token/, exchange/ (Plaid Link); /deposits -> deposits/ (quote with the
 * deposit limits, deposit); /withdrawals ->
 * withdrawals/ (quote, instant withdrawal); /transfers -> transfers/ (the list; the request, the
 * Plaid step and the ledger bookings every transfer shares); /webhooks/plaid -> webhooks/ (verified,
 * then events/ syncs Plaid's transfer events). Jobs: jobs.ts. What the database keeps true:
 * prisma/sql/banking.sql. Plaid itself: platform/plaid (the official client; the local sandbox).
 */
export const router = createRouter()
  .openapi(accountsRoute, accounts.list)
  .openapi(unlinkRoute, accounts.unlink)
  .openapi(reconnectedRoute, accounts.reconnected)
  .openapi(linkTokenRoute, linkToken)
  .openapi(exchangeRoute, exchange)
  .openapi(depositQuoteRoute, deposits.quote)
  .openapi(depositRoute, deposits.deposit)
  .openapi(quoteRoute, withdrawals.quote)
  .openapi(withdrawRoute, withdrawals.withdraw)
  .openapi(transfersRoute, transfers.list)
  .openapi(plaidWebhookRoute, webhooks.plaidWebhook);

export { jobs } from './jobs.js';
