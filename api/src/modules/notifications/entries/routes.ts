import { createRoute, z } from '@hono/zod-openapi';
import { requireAuth } from '../../../platform/auth/middleware.js';
import { Cursor, IdParam, NotificationShape, Unread, err, json, security } from '../schemas.js';

// The caller's notifications: a page, the unread count, mark one or all read.

export const listRoute = createRoute({
  method: 'get', path: '/', tags: ['notifications'], 'x-access': 'user', security,
  summary: "The caller's notifications, newest first, 20 a page (next_cursor: the next page), with the unread count",
  middleware: [requireAuth] as const,
  request: { query: z.object({ cursor: Cursor.optional() }) },
  responses: {
    200: json('A page', z.object({ notifications: z.array(NotificationShape), next_cursor: z.string().nullable(), unread: z.number().int() })),
    400: err('Bad cursor'), 401: err('Not signed in'),
  },
});

export const unreadRoute = createRoute({
  method: 'get', path: '/unread', tags: ['notifications'], 'x-access': 'user', security,
  summary: "How many of the caller's notifications are unread (the bell's badge)",
  middleware: [requireAuth] as const,
  responses: { 200: json('Unread count', Unread), 401: err('Not signed in') },
});

export const readOneRoute = createRoute({
  method: 'post', path: '/{id}/read', tags: ['notifications'], 'x-access': 'owner', security,
  summary: 'Marks one of the caller\'s notifications read (again: no change); anyone else\'s is 404',
  middleware: [requireAuth] as const,
  request: { params: IdParam },
  responses: { 200: json('Marked', z.object({ notification: NotificationShape, unread: z.number().int() })), 401: err('Not signed in'), 404: err('Not the caller\'s') },
});

export const readAllRoute = createRoute({
  method: 'post', path: '/read-all', tags: ['notifications'], 'x-access': 'user', security,
  summary: "Marks every one of the caller's notifications read",
  middleware: [requireAuth] as const,
  responses: { 200: json('Marked', z.object({ marked: z.number().int(), unread: z.number().int() })), 401: err('Not signed in') },
});
