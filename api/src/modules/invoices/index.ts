import { createRouter } from '../../platform/http/router.js';
import type { ScheduledJob } from '../../platform/jobs/index.js';
import * as currencies from './currencies/handlers.js';
import { currenciesRoute } from './currencies/routes.js';
import * as invoices from './invoices/handlers.js';
import { createRoute_, editRoute, listRoute, showRoute } from './invoices/routes.js';
import { markOverdueInvoices } from './overdue.js';
import { cancel } from './cancel/handlers.js';
import { cancelRoute } from './cancel/routes.js';
import { pay } from './pay/handlers.js';
import { payRoute } from './pay/routes.js';
import { quote } from './payment-quote/handlers.js';
import { quoteRoute } from './payment-quote/routes.js';
import * as pdf from './pdf/handlers.js';
import { pdfRoute } from './pdf/routes.js';
import { send } from './send/handlers.js';
import { sendRoute } from './send/routes.js';

/**
 * /api/invoices. /currencies -> currencies/ (registered before /{id}); the root and /{id} -> invoices/ (Sent and Received lists, create, show, edit a
 * draft); /{id}/send -> send/ and /{id}/cancel -> cancel/ (the creator's steps); /{id}/payment-quote ->
 * payment-quote/ and /{id}/pay -> pay/ (the client pays through the ledger); /{id}/pdf -> pdf/; overdue invoices ->
 * overdue.ts; e-mails -> notify.ts; figures -> figures.ts. What the database keeps true:
 * prisma/sql/invoices.sql. Shapes: schemas.ts; rows -> JSON: views.ts.
 */
export const router = createRouter()
  .openapi(currenciesRoute, currencies.list)
  .openapi(listRoute, invoices.list)
  .openapi(createRoute_, invoices.create)
  .openapi(showRoute, invoices.show)
  .openapi(editRoute, invoices.edit)
  .openapi(sendRoute, send)
  .openapi(cancelRoute, cancel)
  .openapi(quoteRoute, quote)
  .openapi(payRoute, pay)
  .openapi(pdfRoute, pdf.pdf);

/** Sent invoices past their due date become overdue (hourly). */
export const jobs: ScheduledJob[] = [{ name: 'invoices-overdue', cron: '2 * * * *', run: markOverdueInvoices }];

/** Who may watch this module's live pages (platform/realtime/topics.ts). */
export { liveTopics } from './live-topics.js';
