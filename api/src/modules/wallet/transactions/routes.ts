import { createRoute, z } from '@hono/zod-openapi';
import { requireAuth } from '../../../platform/auth/middleware.js';
import { calendarDate } from '../../../platform/http/fields.js';
import { errorResponse as err } from '../../../platform/http/schemas.js';
import { STATEMENT_KINDS, STATEMENT_KIND_VALUES, StatementLine } from '../../../platform/ledger/statement.js';
import { json, security } from '../schemas.js';

// GET /transactions (the history, paged and filtered) and GET /transactions.csv (the statement).

/** A UTC calendar day, YYYY-MM-DD, that exists. */
const Day = calendarDate();
const historyFilters = {
  type: z
    .enum(STATEMENT_KIND_VALUES, { message: `Type must be one of ${STATEMENT_KIND_VALUES.join(', ')}.` })
    .optional()
    .openapi({
      description:
        'A kind of the statement (platform/ledger/statement.ts): withdrawal finds withdrawals whatever the ledger calls their movements',
    }),
  asset: z
    .string()
    .min(1)
    .max(10)
    .regex(/^[A-Za-z0-9]+$/, 'Unknown asset.')
    .transform((s) => s.toUpperCase())
    .optional()
    .openapi({ example: 'USD' }),
  from: Day.optional().openapi({ description: 'First UTC day included' }),
  to: Day.optional().openapi({ description: 'Last UTC day included' }),
};
const fromNotAfterTo = (q: { from?: string; to?: string }) => !q.from || !q.to || q.from <= q.to;
const FROM_AFTER_TO = { message: 'The end date must not be before the start date.', path: ['to'] };
const HistoryFilterQuery = z.object(historyFilters).refine(fromNotAfterTo, FROM_AFTER_TO);
const HistoryQuery = z
  .object({
    page: z.coerce.number().int().min(1, 'Page must be 1 or more.').max(1_000_000).default(1),
    ...historyFilters,
  })
  .refine(fromNotAfterTo, FROM_AFTER_TO);

export const historyRoute = createRoute({
  method: 'get',
  path: '/transactions',
  tags: ['wallet'],
  'x-access': 'user',
  security,
  summary:
    "The caller's transactions, newest first, 10 per page, exact total (docs/product.md 'Transaction history'); optional filters by type, asset and UTC date range",
  middleware: [requireAuth] as const,
  request: { query: HistoryQuery },
  responses: {
    200: json(
      'One page',
      z.object({
        transactions: z.array(StatementLine),
        total: z.number().int(),
        page: z.number().int(),
        page_size: z.number().int(),
        has_next: z.boolean(),
        kinds: z.array(z.object({ value: z.enum(STATEMENT_KIND_VALUES), label: z.string() })).openapi({
          description: `The type filter's choices in words (${Object.values(STATEMENT_KINDS)
            .map((k) => k.many)
            .join(', ')})`,
        }),
      }),
    ),
    400: err('Bad page or filter (details.fields names it)'),
    401: err('Not signed in'),
  },
});

export const historyCsvRoute = createRoute({
  method: 'get',
  path: '/transactions.csv',
  tags: ['wallet'],
  'x-access': 'user',
  security,
  summary:
    "The caller's history as a CSV statement (streamed): all of it, or what the same filters as the history keep",
  middleware: [requireAuth] as const,
  request: { query: HistoryFilterQuery },
  responses: {
    400: err('Bad filter (details.fields names it)'),
    200: { description: 'CSV', content: { 'text/csv': { schema: z.string() } } },
    401: err('Not signed in'),
  },
});
