import { createRoute, z } from '@hono/zod-openapi';
import { requireAuth } from '../../../platform/auth/middleware.js';
import { Money, errorResponse as err } from '../../../platform/http/schemas.js';
import { IdParam, InvoiceAsset, json, security } from '../schemas.js';

// /{id}/payment-quote: what paying costs, asked before the PIN (the payment itself: pay/).

// /{id}/payment-quote and /{id}/pay: the client pays through the ledger (PIN, Idempotency-Key), the fee quoted first.

export const quoteRoute = createRoute({
  method: 'get',
  path: '/{id}/payment-quote',
  tags: ['invoices'],
  'x-access': 'owner',
  security,
  summary:
    'What paying costs, before the PIN: the total, the fee from the fee schedule and who bears it, what the creator receives',
  middleware: [requireAuth] as const,
  request: { params: IdParam },
  responses: {
    200: json(
      'The quote',
      z.object({
        asset: InvoiceAsset,
        amount: Money,
        fee: Money,
        fee_paid_by: z.enum(['creator', 'client']),
        you_pay: Money,
        creator_receives: Money,
        step_up_required: z.boolean().openapi({
          description:
            'Worth more than the step-up threshold and this session has no second-factor check within 5 minutes: confirm with a passkey or the authenticator app (POST /api/auth/step-up) before the PIN, or the move is refused with 403 STEP_UP_REQUIRED',
        }),
      }),
    ),
    400: err('Not an id'),
    401: err('Not signed in'),
    403: err('Only the client can pay this invoice.'),
    404: err('Invoice not found.'),
    409: err(
      "Paid, cancelled or a draft, INSUFFICIENT_FUNDS (details.title 'Insufficient Balance'), LIMIT_EXCEEDED (daily/weekly/monthly, in USD)",
    ),
  },
});
