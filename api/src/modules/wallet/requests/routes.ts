import { createRoute, z } from '@hono/zod-openapi';
import { requireAuth } from '../../../platform/auth/middleware.js';
import { Money, errorResponse as err } from '../../../platform/http/schemas.js';
import { idempotency } from '../../../platform/idempotency/index.js';
import {
  AmountInput,
  AssetSymbol,
  Description,
  IdemHeader,
  PinInput,
  QuoteResult,
  SendResult,
  json,
  quoteErrors,
  security,
  sendErrors,
} from '../schemas.js';

// /requests: create and list payment requests; quote, pay (the transfer path), decline and cancel one.

const RequestParty = z.object({ id: z.uuid(), full_name: z.string().nullable(), username: z.string().nullable() });
export const PaymentRequestRow = z
  .object({
    id: z.uuid(),
    amount: Money,
    description: z.string().nullable(),
    status: z.enum(['pending', 'paid', 'declined', 'cancelled']),
    created_at: z.string(),
    updated_at: z.string(),
    transaction_id: z.uuid().nullable(),
    asset: z.object({ symbol: z.string(), name: z.string(), scale: z.number().int() }),
    requester: RequestParty,
    payer: RequestParty,
  })
  .openapi('PaymentRequest');

export const createRequestRoute = createRoute({
  method: 'post',
  path: '/requests',
  tags: ['wallet'],
  'x-access': 'user',
  security,
  summary: 'Request money from another user (payment_requests row, pending)',
  middleware: [requireAuth] as const,
  request: {
    body: {
      required: true,
      content: {
        'application/json': {
          schema: z
            .object({
              payerId: z.uuid().optional(),
              payerEmail: z.string().trim().max(254).email('Please enter a valid e-mail address.').optional(),
              assetSymbol: AssetSymbol,
              amount: AmountInput,
              description: Description,
            })
            .refine((b) => (b.payerId ? 1 : 0) + (b.payerEmail ? 1 : 0) === 1, {
              message: 'Give payerId or payerEmail.',
              path: ['payerId'],
            }),
        },
      },
    },
  },
  responses: {
    201: json('Created', z.object({ request: PaymentRequestRow })),
    400: err('Invalid input or requesting from oneself'),
    401: err('Not signed in'),
    404: err('No such user'),
  },
});

export const listRequestsRoute = createRoute({
  method: 'get',
  path: '/requests',
  tags: ['wallet'],
  'x-access': 'user',
  security,
  summary: 'Payment requests the caller received (incoming) and made (outgoing), newest first, 50 each',
  middleware: [requireAuth] as const,
  responses: {
    200: json('Requests', z.object({ incoming: z.array(PaymentRequestRow), outgoing: z.array(PaymentRequestRow) })),
    401: err('Not signed in'),
  },
});

const RequestId = z.object({ id: z.uuid().openapi({ param: { name: 'id', in: 'path' } }) });

export const payRequestRoute = createRoute({
  method: 'post',
  path: '/requests/{id}/pay',
  tags: ['wallet'],
  'x-access': 'owner',
  security,
  summary: 'Pay a request addressed to the caller: the same transfer path (PIN, limits, fee, idempotency)',
  middleware: [requireAuth, idempotency({ omit: ['pin'] })] as const,
  request: {
    params: RequestId,
    headers: IdemHeader,
    body: { required: true, content: { 'application/json': { schema: z.object({ pin: PinInput }) } } },
  },
  responses: {
    201: json('Paid', SendResult),
    ...sendErrors,
    404: err('No such request for this payer'),
    409: err('Not pending any more, insufficient funds or limit exceeded'),
  },
});

export const quoteRequestRoute = createRoute({
  method: 'get',
  path: '/requests/{id}/quote',
  tags: ['wallet'],
  'x-access': 'owner',
  security,
  summary:
    'Checks paying a request addressed to the caller before the PIN is asked: its fee and total, or the refusal paying it would give',
  middleware: [requireAuth] as const,
  request: { params: RequestId },
  responses: {
    200: json('Quote', QuoteResult),
    ...quoteErrors,
    404: err('No such request for this payer'),
    409: err('Not pending any more, insufficient funds or limit exceeded'),
  },
});

export const declineRequestRoute = createRoute({
  method: 'post',
  path: '/requests/{id}/decline',
  tags: ['wallet'],
  'x-access': 'owner',
  security,
  summary: 'The payer declines a pending request',
  middleware: [requireAuth] as const,
  request: { params: RequestId },
  responses: {
    200: json('Declined', z.object({ request: PaymentRequestRow })),
    401: err('Not signed in'),
    404: err('No such request for this payer'),
    409: err('Not pending'),
  },
});

export const cancelRequestRoute = createRoute({
  method: 'post',
  path: '/requests/{id}/cancel',
  tags: ['wallet'],
  'x-access': 'owner',
  security,
  summary: 'The requester withdraws a pending request',
  middleware: [requireAuth] as const,
  request: { params: RequestId },
  responses: {
    200: json('Cancelled', z.object({ request: PaymentRequestRow })),
    401: err('Not signed in'),
    404: err('No such request of this requester'),
    409: err('Not pending'),
  },
});
