import { createRoute, z } from '@hono/zod-openapi';
import { requireAuth } from '../../../platform/auth/middleware.js';
import { errorResponse as err } from '../../../platform/http/schemas.js';
import { json, security } from '../schemas.js';

// /link-token: adding a bank through Plaid Link (then /exchange: exchange/) (docs/product.md "Linked accounts, deposits and withdrawal", plaid-exchange-public-token).

export const linkTokenRoute = createRoute({
  method: 'post',
  path: '/link-token',
  tags: ['banking'],
  'x-access': 'user',
  security,
  summary:
    'A Plaid Link token and the Link script to load; with linked_account_id, Link in update mode to sign in to that bank again',
  middleware: [requireAuth] as const,
  request: {
    body: {
      required: false,
      content: {
        'application/json': { schema: z.object({ linked_account_id: z.uuid('Linked account not found.').nullish() }) },
      },
    },
  },
  responses: {
    200: json('The token', z.object({ link_token: z.string(), expiration: z.string(), script_url: z.string() })),
    400: err('Not an id'),
    401: err('Not authenticated'),
    404: err('Linked account not found.'),
  },
});
