import { createRoute, z } from '@hono/zod-openapi';
import { requireAuth } from '../../../platform/auth/middleware.js';
import { errorResponse as err } from '../../../platform/http/schemas.js';
import { IdParam, InvoiceShape, json, security } from '../schemas.js';

// /{id}/cancel: the creator cancels an unpaid invoice.
const Invoice = z.object({ invoice: InvoiceShape });

export const cancelRoute = createRoute({
  method: 'post',
  path: '/{id}/cancel',
  tags: ['invoices'],
  'x-access': 'owner',
  security,
  summary: 'Cancel an unpaid invoice (its creator); the client is told if it had been sent',
  middleware: [requireAuth] as const,
  request: { params: IdParam },
  responses: {
    200: json('Cancelled', Invoice),
    400: err('Not an id'),
    401: err('Not signed in'),
    404: err('Invoice not found.'),
    409: err('Paid or already cancelled'),
  },
});
