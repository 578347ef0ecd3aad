import { createRoute, z } from '@hono/zod-openapi';
import { requireAuth } from '../../../platform/auth/middleware.js';
import { errorResponse as err } from '../../../platform/http/schemas.js';
import { MessageShape, SendInput, ThreadParam, json, security } from '../schemas.js';

// /threads/{id}/messages: the history in pages and sending (idempotent by the client's message id).
const Seq = z.coerce.number().int().min(0).max(Number.MAX_SAFE_INTEGER);

export const listMessagesRoute = createRoute({
  method: 'get',
  path: '/threads/{id}/messages',
  tags: ['messages'],
  'x-access': 'owner',
  security,
  summary: 'Messages oldest first in the page: the latest 30, the 30 before `before`, or up to 100 after `after`',
  middleware: [requireAuth] as const,
  request: { params: ThreadParam, query: z.object({ before: Seq.optional(), after: Seq.optional() }) },
  responses: {
    200: json(
      'A page of messages',
      z.object({
        messages: z.array(MessageShape),
        has_more: z.boolean(),
        partner_read_seq: z.number().int().openapi({ description: 'The partner’s read position in this thread now' }),
      }),
    ),
    400: err('Bad page'),
    401: err('Not signed in'),
    404: err('Thread not found.'),
  },
});

export const sendRoute = createRoute({
  method: 'post',
  path: '/threads/{id}/messages',
  tags: ['messages'],
  'x-access': 'owner',
  security,
  summary:
    'Send a message in one of the caller’s threads (a retry with the same client_message_id returns the stored one)',
  middleware: [requireAuth] as const,
  request: { params: ThreadParam, body: { required: true, content: { 'application/json': { schema: SendInput } } } },
  responses: {
    201: json('Sent', z.object({ message: MessageShape })),
    400: err('Blank message'),
    401: err('Not signed in'),
    404: err('Thread not found.'),
    409: err('The client id was used in another chat'),
  },
});
