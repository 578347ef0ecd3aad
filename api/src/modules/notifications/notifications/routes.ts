import { createRoute, z } from '@hono/zod-openapi';
import { requireAuth } from '../../../platform/auth/middleware.js';
import { Cursor, IdParam, NotificationShape, err, json, security } from '../schemas.js';

// The caller's notifications: a page, mark one read (the unread count: unread/; mark all read: read-all/).

export const listRoute = createRoute({
  method: 'get',
  path: '/',
  tags: ['notifications'],
  'x-access': 'user',
  security,
  summary: "The caller's notifications, newest first, 20 a page (next_cursor: the next page), with the unread count",
  middleware: [requireAuth] as const,
  request: { query: z.object({ cursor: Cursor.optional() }) },
  responses: {
    200: json(
      'A page',
      z.object({
        notifications: z.array(NotificationShape),
        next_cursor: z.string().nullable(),
        unread: z.number().int(),
      }),
    ),
    400: err('Bad cursor'),
    401: err('Not signed in'),
  },
});

export const readOneRoute = createRoute({
  method: 'post',
  path: '/{id}/read',
  tags: ['notifications'],
  'x-access': 'owner',
  security,
  summary: "Marks one of the caller's notifications read (again: no change); anyone else's is 404",
  middleware: [requireAuth] as const,
  request: { params: IdParam },
  responses: {
    200: json('Marked', z.object({ notification: NotificationShape, unread: z.number().int() })),
    401: err('Not signed in'),
    404: err("Not the caller's"),
  },
});
