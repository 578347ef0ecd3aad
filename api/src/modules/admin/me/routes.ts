import { createRoute, z } from '@hono/zod-openapi';
import { requireAuth } from '../../../platform/auth/middleware.js';
import { errorResponse as err } from '../../../platform/http/schemas.js';

export const meRoute = createRoute({
  method: 'get',
  path: '/me',
  'x-access': 'user',
  tags: ['admin'],
  summary: 'Whether the caller is an admin (read from the database)',
  middleware: [requireAuth] as const,
  security: [{ bearer: [] }],
  responses: {
    200: {
      description: 'Admin flag',
      content: { 'application/json': { schema: z.object({ is_admin: z.boolean() }) } },
    },
    401: err('Not signed in'),
  },
});
