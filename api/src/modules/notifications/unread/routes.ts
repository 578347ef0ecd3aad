import { createRoute } from '@hono/zod-openapi';
import { requireAuth } from '../../../platform/auth/middleware.js';
import { Unread, err, json, security } from '../schemas.js';

export const unreadRoute = createRoute({
  method: 'get',
  path: '/unread',
  tags: ['notifications'],
  'x-access': 'user',
  security,
  summary: "How many of the caller's notifications are unread (the bell's badge)",
  middleware: [requireAuth] as const,
  responses: { 200: json('Unread count', Unread), 401: err('Not signed in') },
});
