import { createRoute, z } from '@hono/zod-openapi';
import { requireAuth } from '../../../platform/auth/middleware.js';
import { errorResponse as err } from '../../../platform/http/schemas.js';
import { MessageShape, Partner, SendInput, UserParam, json, security } from '../schemas.js';

// /with/{userId}: a chat with a person (/messages/new/{userId}): its one thread, created by the first message.
export const chatWithRoute = createRoute({
  method: 'get',
  path: '/with/{userId}',
  tags: ['messages'],
  'x-access': 'user',
  'x-reveals': 'directory',
  security,
  summary: 'The person and the thread of the pair, if there is one yet',
  middleware: [requireAuth] as const,
  request: { params: UserParam },
  responses: {
    200: json('The chat', z.object({ partner: Partner, thread_id: z.uuid().nullable() })),
    401: err('Not signed in'),
    404: err('Recipient not found.'),
  },
});

export const startChatRoute = createRoute({
  method: 'post',
  path: '/with/{userId}',
  tags: ['messages'],
  'x-access': 'user',
  security,
  summary: 'Send to a person: the pair’s one thread is found or created with the message',
  middleware: [requireAuth] as const,
  request: { params: UserParam, body: { required: true, content: { 'application/json': { schema: SendInput } } } },
  responses: {
    201: json('Sent', z.object({ thread_id: z.uuid(), message: MessageShape })),
    400: err('Blank message'),
    401: err('Not signed in'),
    404: err('Recipient not found.'),
  },
});
