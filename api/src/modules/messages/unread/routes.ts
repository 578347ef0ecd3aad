import { createRoute, z } from '@hono/zod-openapi';
import { requireAuth } from '../../../platform/auth/middleware.js';
import { errorResponse as err } from '../../../platform/http/schemas.js';
import { json, security } from '../schemas.js';

// /unread: the header's count of unread messages.
export const unreadRoute = createRoute({
  method: 'get',
  path: '/unread',
  tags: ['messages'],
  'x-access': 'user',
  security,
  summary: 'Unread messages over all of the caller’s threads',
  middleware: [requireAuth] as const,
  responses: { 200: json('The count', z.object({ unread_total: z.number().int() })), 401: err('Not signed in') },
});
