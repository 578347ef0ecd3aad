import { createRoute, z } from '@hono/zod-openapi';
import { requireAuth } from '../../../platform/auth/middleware.js';
import { errorResponse as err } from '../../../platform/http/schemas.js';
import { IdParam, InvoiceShape, json, security } from '../schemas.js';

// /{id}/send: the creator's step (the flow; docs/product.md "Invoices").
const Invoice = z.object({ invoice: InvoiceShape });

export const sendRoute = createRoute({
  method: 'post',
  path: '/{id}/send',
  tags: ['invoices'],
  'x-access': 'owner',
  security,
  summary:
    'Send a draft: status sent, the client is e-mailed the link (an e-mail of an existing account links the invoice to it)',
  middleware: [requireAuth] as const,
  request: { params: IdParam },
  responses: {
    200: json('Sent', Invoice),
    400: err('A total of zero cannot be sent'),
    401: err('Not signed in'),
    404: err('Invoice not found.'),
    409: err('Only a draft can be sent.'),
  },
});
