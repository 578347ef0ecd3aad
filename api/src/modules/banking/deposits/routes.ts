import { createRoute, z } from '@hono/zod-openapi';
import { requireAuth } from '../../../platform/auth/middleware.js';
import { Money, errorResponse as err } from '../../../platform/http/schemas.js';
import { idempotency } from '../../../platform/idempotency/index.js';
import {
  BankTransfer,
  IdemHeader,
  MoveInput,
  PinInput,
  QuoteFields,
  json,
  moveQuoteRoute,
  security,
} from '../schemas.js';

// /deposits/quote and /deposits: add money from a linked bank (an ACH debit; credited when it settles).

const LIMIT_EXCEEDED =
  'LIMIT_EXCEEDED: above the room left under the daily or weekly deposit limit (details: period, limit_usd, used_usd, remaining_usd)';

const DepositQuote = z
  .object({
    ...QuoteFields,
    network: z.enum(['same-day-ach']),
    /** The deposit limits in US dollars over the last 24 hours (daily) and 7 days (weekly): used counts every deposit not declined or failed. */
    limits: z.array(z.object({ period: z.enum(['daily', 'weekly']), limit: Money, used: Money, remaining: Money })),
  })
  .openapi('DepositQuote');

export const quoteRoute = moveQuoteRoute(
  '/deposits/quote',
  'What a deposit would be before the PIN: no fee, when it is credited, and the room left under the daily and weekly deposit limits',
  DepositQuote,
  `, or ${LIMIT_EXCEEDED}`,
);

export const depositRoute = createRoute({
  method: 'post',
  path: '/deposits',
  tags: ['banking'],
  'x-access': 'user',
  security,
  summary:
    "Start a deposit from one of the caller's linked accounts (PIN, Idempotency-Key), within the deposit limits; the wallet is credited when the bank settles it",
  middleware: [requireAuth, idempotency({ omit: ['pin'] })] as const,
  request: {
    headers: IdemHeader,
    body: { required: true, content: { 'application/json': { schema: MoveInput.extend({ pin: PinInput }) } } },
  },
  responses: {
    201: json(
      'Booked: pending at the bank, or declined (NSF) with the reason',
      z.object({ message: z.string(), transfer: BankTransfer }),
    ),
    400: err("'Missing Information', 'Invalid Amount', or a bad PIN format"),
    401: err('Not authenticated'),
    403: err('A wrong or locked PIN'),
    404: err('Linked account not found.'),
    409: err(`The bank wants a new sign-in (Reconnect), or ${LIMIT_EXCEEDED}: refused before the bank is asked`),
    422: err('Idempotency-Key reused with another body'),
  },
});
