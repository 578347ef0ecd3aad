import { createRoute, z } from '@hono/zod-openapi';
import { requireAuth } from '../../../platform/auth/middleware.js';
import { errorResponse as err } from '../../../platform/http/schemas.js';
import { InvoiceAsset, json, security } from '../schemas.js';

// /currencies: what an invoice may ask for (fiat: the spec's figures have 2 decimals; docs/decisions.md "Invoices").
export const currenciesRoute = createRoute({
  method: 'get',
  path: '/currencies',
  tags: ['invoices'],
  'x-access': 'user',
  security,
  summary: 'The assets an invoice may be issued in',
  middleware: [requireAuth] as const,
  responses: { 200: json('Currencies', z.object({ currencies: z.array(InvoiceAsset) })), 401: err('Not signed in') },
});
