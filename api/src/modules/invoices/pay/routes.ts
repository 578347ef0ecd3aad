import { createRoute, z } from '@hono/zod-openapi';
import { requireAuth } from '../../../platform/auth/middleware.js';
import { Money, errorResponse as err } from '../../../platform/http/schemas.js';
import { idempotency } from '../../../platform/idempotency/index.js';
import { IdParam, IdemHeader, PinInput, json, security } from '../schemas.js';

export const payRoute = createRoute({
  method: 'post',
  path: '/{id}/pay',
  tags: ['invoices'],
  'x-access': 'owner',
  security,
  summary:
    'The client pays the total to the creator through the ledger; the invoice is paid in the same database transaction, once',
  middleware: [requireAuth, idempotency({ omit: ['pin'] })] as const,
  request: {
    params: IdParam,
    headers: IdemHeader,
    body: { required: true, content: { 'application/json': { schema: z.object({ pin: PinInput }) } } },
  },
  responses: {
    200: json(
      'Paid',
      z.object({
        invoice_id: z.uuid(),
        status: z.literal('paid'),
        transaction_id: z.uuid(),
        amount: Money,
        fee: Money,
        asset_symbol: z.string(),
        balance: Money.nullable(),
      }),
    ),
    400: err('A bad PIN format'),
    401: err('Not signed in'),
    403: err('Only the client can pay this invoice., or a wrong PIN'),
    404: err('Invoice not found.'),
    409: err(
      "Already paid, cancelled, or a draft, INSUFFICIENT_FUNDS (details.title 'Insufficient Balance'), LIMIT_EXCEEDED (daily/weekly/monthly, in USD) (before the PIN)",
    ),
    422: err('Idempotency-Key reused with another body'),
    423: err('PIN locked'),
  },
});
