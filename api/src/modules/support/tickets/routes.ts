import { createRoute, z } from '@hono/zod-openapi';
import { requireAuth } from '../../../platform/auth/middleware.js';
import { errorResponse as err } from '../../../platform/http/schemas.js';
import { uploadBodyLimit, uploadLimitResponses } from '../../../platform/storage/index.js';
import { Cursor, NewTicketForm, ResponseShape, TicketParam, TicketShape, json, security } from '../schemas.js';

// /tickets and /tickets/{id}: the caller's own tickets (docs/product.md "Support").
export const myTicketsRoute = createRoute({
  method: 'get',
  path: '/tickets',
  tags: ['support'],
  'x-access': 'user',
  security,
  summary: "The caller's tickets, newest first, 20 a page (next_cursor: the next page)",
  middleware: [requireAuth] as const,
  request: { query: z.object({ cursor: Cursor.optional() }) },
  responses: {
    200: json('A page of tickets', z.object({ tickets: z.array(TicketShape), next_cursor: z.string().nullable() })),
    400: err('Bad cursor'),
    401: err('Not signed in'),
  },
});

export const createTicketRoute = createRoute({
  method: 'post',
  path: '/tickets',
  tags: ['support'],
  'x-access': 'user',
  security,
  summary:
    "Open a ticket (status open, ticket_id 'TKT-' and six digits from the database), optionally with one image or PDF",
  middleware: [requireAuth, uploadBodyLimit('support_attachments', 'attachment')] as const,
  request: { body: { required: true, content: { 'multipart/form-data': { schema: NewTicketForm } } } },
  responses: {
    201: json('Support Ticket Created', z.object({ ticket: TicketShape })),
    400: err('Please provide a subject and description. / not an image or PDF / too large'),
    401: err('Not signed in'),
    ...uploadLimitResponses,
  },
});

export const showTicketRoute = createRoute({
  method: 'get',
  path: '/tickets/{id}',
  tags: ['support'],
  'x-access': 'owner',
  security,
  summary: "One of the caller's tickets with its responses, oldest first",
  middleware: [requireAuth] as const,
  request: { params: TicketParam },
  responses: {
    200: json('The ticket', z.object({ ticket: TicketShape, responses: z.array(ResponseShape) })),
    400: err('Not an id'),
    401: err('Not signed in'),
    404: err('Ticket not found or you do not have permission to view it.'),
  },
});
