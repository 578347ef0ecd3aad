import { createRouter } from '../../platform/http/router.js';
import * as assets from './assets/handlers.js';
import { assetsRoute } from './assets/routes.js';
import { dashboard } from './dashboard/handlers.js';
import { dashboardRoute } from './dashboard/routes.js';
import { getPaymentSettings } from './payment-settings/handlers.js';
import { paymentSettingsRoute } from './payment-settings/routes.js';
import * as pin from './pin/handlers.js';
import { pinRoute } from './pin/routes.js';
import * as requests from './requests/handlers.js';
import * as r from './requests/routes.js';
import * as transactions from './transactions/handlers.js';
import { historyCsvRoute, historyRoute } from './transactions/routes.js';
import * as transfers from './transfers/handlers.js';
import { quoteRoute, transferRoute } from './transfers/routes.js';
import * as users from './users/handlers.js';
import { userSearchRoute } from './users/routes.js';

/**
 * /api/wallet. Each path's code is in the folder of its first segment, as routes.ts (zod schemas,
 * OpenAPI), handlers.ts, service.ts (SQL) and its tests: /dashboard -> dashboard/, /pin and
 * /payment-settings -> pin/, /assets -> assets/, /transfers[/quote] -> transfers/, /transactions[.csv]
 * -> transactions/, /users/search -> users/, /requests/** -> requests/. Shared schemas: schemas.ts.
 */
export const router = createRouter()
  .openapi(dashboardRoute, dashboard)
  .openapi(pinRoute, pin.managePin)
  .openapi(paymentSettingsRoute, getPaymentSettings)
  .openapi(assetsRoute, assets.listAssets)
  .openapi(quoteRoute, transfers.quote)
  .openapi(r.quoteRequestRoute, requests.quote)
  .openapi(transferRoute, transfers.transfer)
  .openapi(historyRoute, transactions.history)
  .openapi(historyCsvRoute, transactions.statement)
  .openapi(userSearchRoute, users.search)
  .openapi(r.createRequestRoute, requests.create)
  .openapi(r.listRequestsRoute, requests.list)
  .openapi(r.payRequestRoute, requests.pay)
  .openapi(r.declineRequestRoute, requests.decline)
  .openapi(r.cancelRequestRoute, requests.cancel);

/** Who may watch this module's live pages (platform/realtime/topics.ts). */
export { liveTopics } from './live-topics.js';
