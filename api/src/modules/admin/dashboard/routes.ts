import { createRoute, z } from '@hono/zod-openapi';
import { requireAdmin } from '../../../platform/auth/middleware.js';
import { json, security } from '../../../platform/http/schemas.js';
import { adminOnly, BooksCheck } from '../schemas.js';

// /dashboard: the admin dashboard's live figures.

export const dashboardRoute = createRoute({
  method: 'get',
  path: '/dashboard',
  tags: ['admin'],
  'x-access': 'admin',
  security,
  summary:
    'Live figures: users, open tickets, pending KYC, platform volume of the last 24 h (per asset and in USD), recent activity, the latest books check',
  middleware: [requireAdmin] as const,
  responses: {
    200: json(
      'Figures',
      z.object({
        total_users: z.number().int(),
        new_users_7d: z.number().int(),
        open_tickets: z.number().int(),
        urgent_open_tickets: z.number().int(),
        pending_kyc: z.number().int(),
        volume_24h: z.object({
          usd: z.string(),
          by_asset: z.array(
            z.object({ symbol: z.string(), amount: z.string(), usd: z.string(), transactions: z.number().int() }),
          ),
        }),
        recent_activity: z.array(
          z.object({
            kind: z.enum(['audit', 'signup']),
            text: z.string(),
            actor: z.string().nullable(),
            at: z.string(),
          }),
        ),
        books_check: BooksCheck,
      }),
    ),
    ...adminOnly,
  },
});
