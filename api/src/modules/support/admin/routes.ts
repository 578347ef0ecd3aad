import { createRoute, z } from '@hono/zod-openapi';
import { requireAdmin } from '../../../platform/auth/middleware.js';
import { errorResponse as err } from '../../../platform/http/schemas.js';
import {
  AdminTicketParam,
  AdminTicketShape,
  Cursor,
  PRIORITIES,
  ResponseShape,
  STATUSES,
  json,
  searchText,
  security,
} from '../schemas.js';

// /admin/tickets and /admin/tickets/{id}: every ticket for admins (docs/product.md "Admin" Tickets and
// Ticket detail, Admin tickets): filtered, searched and paged; status and priority changed, audited.
const adminOnly = { 401: err('Not signed in'), 403: err('Not an admin') };
/** A filter of the Tickets page: one value, or 'all' (the same as leaving it out). */
const filter = <T extends readonly [string, ...string[]]>(values: T, what: string) =>
  z.enum([...values, 'all'] as [...T, 'all'], `Choose a ${what} or all.`).optional();

export const AdminTicketsQuery = z.object({
  status: filter(STATUSES, 'status'),
  priority: filter(PRIORITIES, 'priority'),
  q: searchText
    .optional()
    .openapi({ description: "Part of the ticket ID or subject, or of the user's name, username or e-mail (any case)" }),
  cursor: Cursor.optional(),
});

export const adminTicketsRoute = createRoute({
  method: 'get',
  path: '/admin/tickets',
  tags: ['support'],
  'x-access': 'admin',
  security,
  summary: 'All tickets newest first, 20 a page, with the user; optional status and priority filters and a search',
  middleware: [requireAdmin] as const,
  request: { query: AdminTicketsQuery },
  responses: {
    200: json(
      'A page of tickets',
      z.object({ tickets: z.array(AdminTicketShape), next_cursor: z.string().nullable() }),
    ),
    400: err('Invalid filter'),
    ...adminOnly,
  },
});

export const adminTicketRoute = createRoute({
  method: 'get',
  path: '/admin/tickets/{id}',
  tags: ['support'],
  'x-access': 'admin',
  security,
  summary: 'Any ticket with its user and its responses, oldest first',
  middleware: [requireAdmin] as const,
  request: { params: AdminTicketParam },
  responses: {
    200: json('The ticket', z.object({ ticket: AdminTicketShape, responses: z.array(ResponseShape) })),
    400: err('Not an id'),
    ...adminOnly,
    404: err('Ticket not found.'),
  },
});

export const TicketUpdate = z.object({
  status: z.enum(STATUSES, 'Choose open, in_progress, on_hold, resolved or closed.'),
  priority: z.enum(PRIORITIES, 'Choose low, medium, high or urgent.'),
});

export const updateTicketRoute = createRoute({
  method: 'patch',
  path: '/admin/tickets/{id}',
  tags: ['support'],
  'x-access': 'admin',
  security,
  summary:
    'Set status and priority (any to any): resolved_at set on resolved or closed, cleared on reopening; audited; the user is e-mailed when the status changes',
  middleware: [requireAdmin] as const,
  request: {
    params: AdminTicketParam,
    body: { required: true, content: { 'application/json': { schema: TicketUpdate } } },
  },
  responses: {
    200: json('Ticket Updated', z.object({ ticket: AdminTicketShape })),
    400: err('Invalid status or priority'),
    ...adminOnly,
    404: err('Ticket not found.'),
  },
});
