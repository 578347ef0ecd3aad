import { createRoute, z } from '@hono/zod-openapi';
import { requireAuth } from '../../../platform/auth/middleware.js';
import { errorResponse as err } from '../../../platform/http/schemas.js';
import { IdParam, LinkedAccount, json, security } from '../schemas.js';

// /accounts: the caller's linked bank accounts (docs/product.md "Linked accounts, deposits and withdrawal" Linked payment methods, user_linked_accounts).

export const listRoute = createRoute({
  method: 'get',
  path: '/accounts',
  tags: ['banking'],
  'x-access': 'user',
  security,
  summary: "The caller's linked bank accounts: institution, account name, type, subtype, mask, status",
  middleware: [requireAuth] as const,
  responses: {
    200: json('Linked accounts, oldest first', z.object({ accounts: z.array(LinkedAccount) })),
    401: err('Not authenticated'),
  },
});

export const unlinkRoute = createRoute({
  method: 'delete',
  path: '/accounts/{id}',
  tags: ['banking'],
  'x-access': 'owner',
  security,
  summary: "Unlink one of the caller's accounts (the Plaid item is removed with its last account)",
  middleware: [requireAuth] as const,
  request: { params: IdParam },
  responses: {
    200: json('Unlinked', z.object({ message: z.string() })),
    400: err('Not an id'),
    401: err('Not authenticated'),
    404: err('Linked account not found.'),
  },
});

export const reconnectedRoute = createRoute({
  method: 'post',
  path: '/accounts/{id}/reconnected',
  tags: ['banking'],
  'x-access': 'owner',
  security,
  summary: 'After Link in update mode: asks Plaid again and marks the item active when its login works',
  middleware: [requireAuth] as const,
  request: { params: IdParam },
  responses: {
    200: json('The account as it is now', z.object({ account: LinkedAccount })),
    400: err('Not an id'),
    401: err('Not authenticated'),
    404: err('Linked account not found.'),
  },
});
