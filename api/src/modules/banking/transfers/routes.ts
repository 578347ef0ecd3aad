import { createRoute, z } from '@hono/zod-openapi';
import { requireAuth } from '../../../platform/auth/middleware.js';
import { errorResponse as err } from '../../../platform/http/schemas.js';
import { BankTransfer, json, security } from '../schemas.js';

// /transfers: the caller's deposits and withdrawals with their bank status.

export const listRoute = createRoute({
  method: 'get',
  path: '/transfers',
  tags: ['banking'],
  'x-access': 'user',
  security,
  summary:
    "The caller's 20 latest bank transfers, newest first: pending, then settled, or declined / failed / returned and why",
  middleware: [requireAuth] as const,
  responses: {
    200: json('Bank transfers', z.object({ transfers: z.array(BankTransfer) })),
    401: err('Not authenticated'),
  },
});
