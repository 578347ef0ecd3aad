import { createRoute, z } from '@hono/zod-openapi';
import { requireAuth } from '../../../platform/auth/middleware.js';
import { Money, errorResponse as err } from '../../../platform/http/schemas.js';
import { idempotency } from '../../../platform/idempotency/index.js';
import { IdParam, IdemHeader, InvoiceAsset, PinInput, json, security } from '../schemas.js';

// /{id}/payment-quote and /{id}/pay: the client pays through the ledger (PIN, Idempotency-Key), the fee quoted first.

export const quoteRoute = createRoute({
  method: 'get', path: '/{id}/payment-quote', tags: ['invoices'], 'x-access': 'owner', security,
  summary: "What paying costs, before the PIN: the total, the fee from the fee schedule and who bears it, what the creator receives",
  middleware: [requireAuth] as const,
  request: { params: IdParam },
  responses: {
    200: json('The quote', z.object({ asset: InvoiceAsset, amount: Money, fee: Money, fee_paid_by: z.enum(['creator', 'client']), you_pay: Money, creator_receives: Money,
      step_up_required: z.boolean().openapi({ description: 'Worth more than the step-up threshold and this session has no second-factor check within 5 minutes: confirm with a passkey or the authenticator app (POST /api/auth/step-up) before the PIN, or the move is refused with 403 STEP_UP_REQUIRED' }) })),
    400: err('Not an id'), 401: err('Not signed in'), 403: err('Only the client can pay this invoice.'), 404: err('Invoice not found.'), 409: err("Paid, cancelled or a draft, INSUFFICIENT_FUNDS (details.title 'Insufficient Balance'), LIMIT_EXCEEDED (daily/weekly/monthly, in USD)"),
  },
});

export const payRoute = createRoute({
  method: 'post', path: '/{id}/pay', tags: ['invoices'], 'x-access': 'owner', security,
  summary: 'The client pays the total to the creator through the ledger; the invoice is paid in the same database transaction, once',
  middleware: [requireAuth, idempotency({ omit: ['pin'] })] as const,
  request: { params: IdParam, headers: IdemHeader, body: { required: true, content: { 'application/json': { schema: z.object({ pin: PinInput }) } } } },
  responses: {
    200: json('Paid', z.object({ invoice_id: z.uuid(), status: z.literal('paid'), transaction_id: z.uuid(), amount: Money, fee: Money, asset_symbol: z.string(), balance: Money.nullable() })),
    400: err('A bad PIN format'), 401: err('Not signed in'), 403: err('Only the client can pay this invoice., or a wrong PIN'),
    404: err('Invoice not found.'), 409: err("Already paid, cancelled, or a draft, INSUFFICIENT_FUNDS (details.title 'Insufficient Balance'), LIMIT_EXCEEDED (daily/weekly/monthly, in USD) (before the PIN)"), 422: err('Idempotency-Key reused with another body'), 423: err('PIN locked'),
  },
});
