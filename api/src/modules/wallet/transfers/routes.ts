import { createRoute, z } from '@hono/zod-openapi';
import { requireAuth } from '../../../platform/auth/middleware.js';
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

// GET /transfers/quote (the send's checks before the PIN) and POST /transfers (send money).

export const quoteRoute = createRoute({
  method: 'get',
  path: '/transfers/quote',
  tags: ['wallet'],
  'x-access': 'user',
  security,
  summary:
    'Checks a send before the PIN is asked: the fee and total it would charge, or the refusal POST /transfers would give (same status, code and field)',
  middleware: [requireAuth] as const,
  request: {
    query: z
      .object({
        amount: AmountInput,
        assetSymbol: AssetSymbol,
        recipientEmail: z.string().trim().max(254).email('Please enter a valid e-mail address.').optional(),
        recipientId: z.uuid().optional(),
      })
      .refine((q) => !(q.recipientEmail && q.recipientId), {
        message: 'Give recipientEmail or recipientId, not both.',
        path: ['recipientEmail'],
      }),
  },
  responses: { 200: json('Quote', QuoteResult), ...quoteErrors },
});

export const transferRoute = createRoute({
  method: 'post',
  path: '/transfers',
  tags: ['wallet'],
  'x-access': 'user',
  security,
  summary: 'Send money to another user by e-mail or id (spec perform-p2p-transfer), PIN required, idempotent',
  middleware: [requireAuth, idempotency({ omit: ['pin'] })] as const,
  request: {
    headers: IdemHeader,
    body: {
      required: true,
      content: {
        'application/json': {
          schema: z
            .object({
              amount: AmountInput,
              recipientEmail: z.string().trim().max(254).email('Please enter a valid e-mail address.').optional(),
              recipientId: z.uuid().optional(),
              assetSymbol: AssetSymbol,
              description: Description,
              pin: PinInput,
            })
            .refine((b) => (b.recipientEmail ? 1 : 0) + (b.recipientId ? 1 : 0) === 1, {
              message: 'Give recipientEmail or recipientId.',
              path: ['recipientEmail'],
            }),
        },
      },
    },
  },
  responses: { 201: json('Posted', SendResult), ...sendErrors },
});
