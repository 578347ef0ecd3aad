import { createRoute, z } from '@hono/zod-openapi';
import { requireAuth } from '../../../platform/auth/middleware.js';
import { Money, errorResponse as err } from '../../../platform/http/schemas.js';
import { StatementLine } from '../../../platform/ledger/statement.js';

export const DashboardResponse = z
  .object({
    profile: z.object({
      id: z.uuid(),
      full_name: z.string().nullable(),
      email: z.string(),
      username: z.string().nullable(),
      kyc_status: z.enum(['not_started', 'pending', 'verified', 'rejected']),
      is_accredited_investor: z.boolean(),
      avatar_url: z.string().nullable(),
    }),
    wallets: z.array(
      z.object({
        id: z.uuid(),
        balance: Money.openapi({ description: 'Decimal string with the asset scale digits' }),
        asset: z.object({
          id: z.uuid(),
          symbol: z.string(),
          name: z.string(),
          logo_url: z.string().nullable(),
          asset_type: z.enum(['fiat', 'crypto']),
          scale: z.number().int(),
        }),
      }),
    ),
    recent_transactions: z.array(StatementLine),
  })
  .openapi('Dashboard');

export const dashboardRoute = createRoute({
  method: 'get',
  path: '/dashboard',
  'x-access': 'user',
  tags: ['wallet'],
  summary: "The caller's profile, wallets and 5 newest transactions (docs/product.md 'Dashboard')",
  middleware: [requireAuth] as const,
  security: [{ bearer: [] }],
  responses: {
    200: { description: 'Dashboard data', content: { 'application/json': { schema: DashboardResponse } } },
    401: err('Not signed in'),
    404: err('No profile'),
  },
});
