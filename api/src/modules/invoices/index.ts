import { createRouter } from '../../platform/http/router.js';
import type { ScheduledJob } from '../../platform/jobs/index.js';
import * as currencies from './currencies/handlers.js';
import { currenciesRoute } from './currencies/routes.js';
import * as invoices from './invoices/handlers.js';
import { createRoute_, editRoute, listRoute, showRoute } from './invoices/routes.js';
import { markOverdueInvoices } from './overdue.js';
import * as payment from './payment/handlers.js';
import { payRoute, quoteRoute } from './payment/routes.js';
import * as pdf from './pdf/handlers.js';
import { pdfRoute } from './pdf/routes.js';
import * as sending from './sending/handlers.js';
import { cancelRoute, sendRoute } from './sending/routes.js';

/**
 * /api/invoices. /currencies -> currencies/ (registered before /{id}); the root and /{id} -> invoices/ (Sent and Received lists, create, show, edit a
 * draft); /{id}/send and /{id}/cancel -> sending/ (the creator's steps); /{id}/payment-quote and
 * /{id}/pay -> payment/ (the client pays through the ledger); /{id}/pdf -> pdf/; overdue invoices ->
 * overdue.ts; e-mails -> notify.ts; figures -> figures.ts. What the database keeps true:
 * prisma/sql/invoices.sql. Shapes: schemas.ts; rows -> JSON: views.ts.
 */
export const router = createRouter()
  .openapi(currenciesRoute, currencies.list)
  .openapi(listRoute, invoices.list)
  .openapi(createRoute_, invoices.create)
  .openapi(showRoute, invoices.show)
  .openapi(editRoute, invoices.edit)
  .openapi(sendRoute, sending.send)
  .openapi(cancelRoute, sending.cancel)
  .openapi(quoteRoute, payment.quote)
  .openapi(payRoute, payment.pay)
  .openapi(pdfRoute, pdf.pdf);

/** Sent invoices past their due date become overdue (hourly). */
export const jobs: ScheduledJob[] = [{ name: 'invoices-overdue', cron: '2 * * * *', run: markOverdueInvoices }];

/** Who may watch this module's live pages (platform/realtime/topics.ts). */
export { liveTopics } from './live-topics.js';
