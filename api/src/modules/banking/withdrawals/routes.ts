import { createRoute, z } from '@hono/zod-openapi';
import { requireAuth } from '../../../platform/auth/middleware.js';
import { errorResponse as err } from '../../../platform/http/schemas.js';
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

// /withdrawals/quote and /withdrawals: instant withdrawal to a linked bank (docs/product.md "Linked accounts, deposits and withdrawal").

/** timing: instant, or same-day ACH for a bank without RTP. */
const Quote = z
  .object({
    ...QuoteFields,
    network: z.enum(['rtp', 'same-day-ach']),
    step_up_required: z.boolean().openapi({
      description:
        'Worth more than the step-up threshold and this session has no second-factor check within 5 minutes: confirm with a passkey or the authenticator app (POST /api/auth/step-up) before the PIN, or the move is refused with 403 STEP_UP_REQUIRED',
    }),
  })
  .openapi('WithdrawalQuote');

export const quoteRoute = moveQuoteRoute(
  '/withdrawals/quote',
  'What a withdrawal costs before the PIN: the fee from the fee schedule, the total leaving the wallet, the network and its timing',
  Quote,
  ", INSUFFICIENT_FUNDS (details.title 'Insufficient Balance'), LIMIT_EXCEEDED (daily/weekly/monthly, in USD) of amount + fee",
);

export const withdrawRoute = createRoute({
  method: 'post',
  path: '/withdrawals',
  tags: ['banking'],
  'x-access': 'user',
  security,
  summary:
    'Instant withdrawal (PIN, Idempotency-Key): amount + fee leave the wallet at once; declined, failed or returned, they come back',
  middleware: [requireAuth, idempotency({ omit: ['pin'] })] as const,
  request: {
    headers: IdemHeader,
    body: { required: true, content: { 'application/json': { schema: MoveInput.extend({ pin: PinInput }) } } },
  },
  responses: {
    201: json(
      "On its way, or 'Withdrawal Failed' with the reason (the money back in the wallet)",
      z.object({ message: z.string(), transfer: BankTransfer }),
    ),
    400: err("'Missing Information', 'Invalid Amount', or a bad PIN format"),
    401: err('Not authenticated'),
    403: err('A wrong PIN'),
    404: err('Linked account not found.'),
    409: err(
      "The bank wants a new sign-in (Reconnect), INSUFFICIENT_FUNDS (details.title 'Insufficient Balance'), LIMIT_EXCEEDED (daily/weekly/monthly, in USD) of amount + fee (before the PIN)",
    ),
    422: err('Idempotency-Key reused with another body'),
    423: err('PIN locked'),
  },
});
