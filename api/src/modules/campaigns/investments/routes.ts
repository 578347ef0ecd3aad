import { createRoute, z } from '@hono/zod-openapi';
import { requireAuth } from '../../../platform/auth/middleware.js';
import { errorResponse as err } from '../../../platform/http/schemas.js';
import { idempotency } from '../../../platform/idempotency/index.js';
import { AmountInput, IdParam, IdemHeader, InvestmentShape, PinInput, json, security } from '../schemas.js';

// /{id}/investments and /investments/{id}/cancel: invest into escrow (PIN, Idempotency-Key), cancel a pending investment.

const Investment = z.object({ investment: InvestmentShape, funds_raised: z.string() });

export const quoteRoute = createRoute({
  method: 'get',
  path: '/{id}/investments/quote',
  tags: ['campaigns'],
  'x-access': 'user',
  security,
  summary:
    'What an investment of `amount` would be refused for, asked before the PIN (the same checks as investing: who may invest, the amount rules, the balance and the daily/weekly/monthly limits); nothing moves',
  middleware: [requireAuth] as const,
  request: { params: IdParam, query: z.object({ amount: AmountInput }) },
  responses: {
    200: json(
      'It would be accepted',
      z.object({ amount: z.string(), asset_symbol: z.string() }).openapi('InvestmentQuote'),
    ),
    400: err("Invalid amount, 'Minimum investment is ...', 'Maximum investment is ...'"),
    401: err('Not signed in'),
    403: err("'Investment in this campaign is restricted to KYC-approved accredited investors.' or the owner"),
    404: err('Campaign not found.'),
    409: err(
      'INSUFFICIENT_FUNDS, LIMIT_EXCEEDED (daily/weekly/monthly, in USD), not active, ended, or the target is reached',
    ),
  },
});

export const investRoute = createRoute({
  method: 'post',
  path: '/{id}/investments',
  tags: ['campaigns'],
  'x-access': 'user',
  security,
  summary:
    'Invest: a KYC-verified accredited investor, not the owner, on an active campaign before its end date, within its minimum and maximum; the amount moves to escrow and funds_raised rises in one transaction',
  middleware: [requireAuth, idempotency({ omit: ['pin'] })] as const,
  request: {
    params: IdParam,
    headers: IdemHeader,
    body: {
      required: true,
      content: { 'application/json': { schema: z.object({ amount: AmountInput, pin: PinInput }) } },
    },
  },
  responses: {
    201: json('Investment Submitted! (pending verification)', Investment),
    400: err("Invalid amount, 'Minimum investment is ...', 'Maximum investment is ...'"),
    401: err('Not signed in'),
    403: err(
      "'Investment in this campaign is restricted to KYC-approved accredited investors.', the owner, or a wrong PIN",
    ),
    404: err('Campaign not found.'),
    409: err('INSUFFICIENT_FUNDS, LIMIT_EXCEEDED, not active, ended, or the target is reached'),
    423: err('PIN_LOCKED'),
  },
});

export const cancelRoute = createRoute({
  method: 'post',
  path: '/investments/{id}/cancel',
  tags: ['campaigns'],
  'x-access': 'owner',
  security,
  summary:
    'The investor cancels a pending investment until 48 hours before the end date: the escrow returns (PIN, Idempotency-Key)',
  middleware: [requireAuth, idempotency({ omit: ['pin'] })] as const,
  request: {
    params: IdParam,
    headers: IdemHeader,
    body: { required: true, content: { 'application/json': { schema: z.object({ pin: PinInput }) } } },
  },
  responses: {
    200: json('Cancelled', Investment),
    400: err('Bad PIN format'),
    401: err('Not signed in'),
    403: err('Wrong PIN'),
    404: err('No such investment of the caller'),
    409: err('Not pending, or within 48 hours of the end date'),
  },
});
