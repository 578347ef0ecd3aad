import { createRoute, z } from '@hono/zod-openapi';
import { requireAuth } from '../../../platform/auth/middleware.js';
import { NOT_STORABLE, errorResponse as err, storableText } from '../../../platform/http/schemas.js';
import { ThreadParam, ThreadShape, json, security } from '../schemas.js';

// /threads and /threads/{id}: the caller's chats (docs/product.md "Messages") and the read position.
const Cursor = z
  .string()
  .max(80)
  .regex(/^\d{4}-\d\d-\d\dT[\d:.]+Z_[0-9a-f-]{36}$/, 'Not a cursor from this list.');

export const listThreadsRoute = createRoute({
  method: 'get',
  path: '/threads',
  tags: ['messages'],
  'x-access': 'user',
  security,
  summary:
    "The caller's threads, newest first, with the latest message and the unread count; search by the partner's name",
  middleware: [requireAuth] as const,
  request: {
    query: z.object({
      q: z.string().trim().max(100).refine(storableText, NOT_STORABLE).optional(),
      cursor: Cursor.optional(),
    }),
  },
  responses: {
    200: json('Threads', z.object({ threads: z.array(ThreadShape), next_cursor: z.string().nullable() })),
    400: err('Bad query'),
    401: err('Not signed in'),
  },
});

export const showThreadRoute = createRoute({
  method: 'get',
  path: '/threads/{id}',
  tags: ['messages'],
  'x-access': 'owner',
  security,
  summary: 'One of the caller’s threads: the partner, the last seq and both read positions',
  middleware: [requireAuth] as const,
  request: { params: ThreadParam },
  responses: {
    200: json('The thread', z.object({ thread: ThreadShape })),
    401: err('Not signed in'),
    404: err('Thread not found.'),
  },
});

export const readRoute = createRoute({
  method: 'post',
  path: '/threads/{id}/read',
  tags: ['messages'],
  'x-access': 'owner',
  security,
  summary: 'The caller has read the thread up to seq (read receipt for the partner)',
  middleware: [requireAuth] as const,
  request: {
    params: ThreadParam,
    body: {
      required: true,
      content: {
        'application/json': { schema: z.object({ seq: z.number().int().min(0).max(Number.MAX_SAFE_INTEGER) }) },
      },
    },
  },
  responses: {
    200: json('The read position now', z.object({ read_seq: z.number().int() })),
    400: err('Bad seq'),
    401: err('Not signed in'),
    404: err('Thread not found.'),
  },
});
