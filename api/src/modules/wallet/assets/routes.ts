import { createRoute, z } from '@hono/zod-openapi';
import { requireAuth } from '../../../platform/auth/middleware.js';
import { Money, errorResponse as err } from '../../../platform/http/schemas.js';
import { json, security } from '../schemas.js';

// GET /assets: the caller's wallets for the send and request screens.

export const assetsRoute = createRoute({
  method: 'get',
  path: '/assets',
  tags: ['wallet'],
  'x-access': 'user',
  security,
  summary:
    "The caller's wallets with a balance above zero, for the send screens (docs/product.md 'Sending and requesting money'); scope=all: every asset with the caller's balance (0 when no wallet), for requesting money",
  middleware: [requireAuth] as const,
  request: { query: z.object({ scope: z.enum(['funded', 'all']).default('funded') }) },
  responses: {
    200: json(
      'Funded wallets',
      z.object({
        wallets: z.array(
          z.object({
            id: z.uuid(),
            balance: Money,
            asset: z.object({
              id: z.uuid(),
              symbol: z.string(),
              name: z.string(),
              scale: z.number().int(),
              logo_url: z.string().nullable(),
            }),
          }),
        ),
      }),
    ),
    401: err('Not signed in'),
  },
});
