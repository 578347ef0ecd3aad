import { createRoute, z } from '@hono/zod-openapi';
import { requireAdmin } from '../../../platform/auth/middleware.js';
import { errorResponse as err, json, security } from '../../../platform/http/schemas.js';

// /dashboard and /books-check: the admin dashboard's live figures (issue 18) and running the books check now.
const BooksCheck = z.object({ checked_at: z.string(), ok: z.boolean(), problem_count: z.number().int(), first_problem: z.string().nullable(), duration_ms: z.number().int() }).nullable();
const adminOnly = { 401: err('Not signed in'), 403: err('Not an admin') };

export const dashboardRoute = createRoute({
  method: 'get', path: '/dashboard', tags: ['admin'], 'x-access': 'admin', security,
  summary: 'Live figures: users, open tickets, pending KYC, platform volume of the last 24 h (per asset and in USD), recent activity, the latest books check',
  middleware: [requireAdmin] as const,
  responses: {
    200: json('Figures', z.object({
      total_users: z.number().int(), new_users_7d: z.number().int(), open_tickets: z.number().int(), urgent_open_tickets: z.number().int(), pending_kyc: z.number().int(),
      volume_24h: z.object({ usd: z.string(), by_asset: z.array(z.object({ symbol: z.string(), amount: z.string(), usd: z.string(), transactions: z.number().int() })) }),
      recent_activity: z.array(z.object({ kind: z.enum(['audit', 'signup']), text: z.string(), actor: z.string().nullable(), at: z.string() })),
      books_check: BooksCheck,
    })),
    ...adminOnly,
  },
});

export const booksCheckRoute = createRoute({
  method: 'post', path: '/books-check', tags: ['admin'], 'x-access': 'admin', security,
  summary: "Run the books check now (every balance invariant of the ledger) and keep its result; it also runs every 15 minutes",
  middleware: [requireAdmin] as const,
  responses: { 200: json('The result', z.object({ books_check: BooksCheck })), ...adminOnly },
});
