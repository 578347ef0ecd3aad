import { createRoute, z } from '@hono/zod-openapi';
import { requireAuth } from '../../../platform/auth/middleware.js';
import { Money, errorResponse as err } from '../../../platform/http/schemas.js';

export const deletionCheckRoute = createRoute({
  method: 'get',
  path: '/deletion',
  'x-access': 'user',
  tags: ['profile'],
  summary: 'Whether the account can be deleted now (wallets holding money block it)',
  middleware: [requireAuth] as const,
  security: [{ bearer: [] }],
  responses: {
    200: {
      description: 'Check',
      content: {
        'application/json': {
          schema: z.object({
            can_delete: z.boolean(),
            wallets: z.array(z.object({ symbol: z.string(), balance: Money })),
          }),
        },
      },
    },
    401: err('Not signed in'),
  },
});
