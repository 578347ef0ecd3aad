import { createRoute, z } from '@hono/zod-openapi';
import { requireAuth } from '../../../platform/auth/middleware.js';
import { err, json, security } from '../schemas.js';

export const readAllRoute = createRoute({
  method: 'post',
  path: '/read-all',
  tags: ['notifications'],
  'x-access': 'user',
  security,
  summary: "Marks every one of the caller's notifications read",
  middleware: [requireAuth] as const,
  responses: {
    200: json('Marked', z.object({ marked: z.number().int(), unread: z.number().int() })),
    401: err('Not signed in'),
  },
});
