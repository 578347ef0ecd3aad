import { createRoute, z } from '@hono/zod-openapi';
import { requireAuth } from '../../../platform/auth/middleware.js';
import { errorResponse as err } from '../../../platform/http/schemas.js';
import { ExchangeInput, LinkedAccount, json, security } from '../schemas.js';

// /exchange: the second step of adding a bank through Plaid Link (the first: link-token/).

export const exchangeRoute = createRoute({
  method: 'post',
  path: '/exchange',
  tags: ['banking'],
  'x-access': 'user',
  security,
  summary:
    "Link's public token for an access token (kept encrypted here, never answered); stores the accounts the user chose",
  middleware: [requireAuth] as const,
  request: { body: { required: true, content: { 'application/json': { schema: ExchangeInput } } } },
  responses: {
    201: json('Linked', z.object({ message: z.string(), accounts: z.array(LinkedAccount) })),
    400: err('A field missing, or the public token expired or used'),
    401: err('Not authenticated'),
  },
});
