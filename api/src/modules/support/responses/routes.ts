import { createRoute, z } from '@hono/zod-openapi';
import { requireAdmin, requireAuth } from '../../../platform/auth/middleware.js';
import { errorResponse as err } from '../../../platform/http/schemas.js';
import { uploadBodyLimit, uploadLimitResponses } from '../../../platform/storage/index.js';
import { AdminTicketParam, ResponseForm, ResponseShape, TicketParam, json, security } from '../schemas.js';

// /tickets/{id}/responses (the ticket's owner, while it is neither resolved nor closed) and
// /admin/tickets/{id}/responses (admins, in any status; the user is told by e-mail). docs/product.md "Support".
const form = { body: { required: true, content: { 'multipart/form-data': { schema: ResponseForm } } } };
const added = json('Response Added', z.object({ response: ResponseShape }));

export const respondRoute = createRoute({
  method: 'post',
  path: '/tickets/{id}/responses',
  tags: ['support'],
  'x-access': 'owner',
  security,
  summary: "Add a response to one of the caller's tickets, optionally with one image or PDF",
  middleware: [requireAuth, uploadBodyLimit('support_attachments', 'attachment')] as const,
  request: { params: TicketParam, ...form },
  responses: {
    201: added,
    400: err('Please write a response. / not an image or PDF / too large'),
    401: err('Not signed in'),
    404: err('Ticket not found or you do not have permission to view it.'),
    409: err('This ticket is closed to new responses.'),
    ...uploadLimitResponses,
  },
});

export const adminRespondRoute = createRoute({
  method: 'post',
  path: '/admin/tickets/{id}/responses',
  tags: ['support'],
  'x-access': 'admin',
  security,
  summary: 'Add an admin response to any ticket in any status (is_admin_response true); the user is e-mailed; audited',
  middleware: [requireAdmin, uploadBodyLimit('support_attachments', 'attachment')] as const,
  request: { params: AdminTicketParam, ...form },
  responses: {
    201: added,
    400: err('Please write a response. / not an image or PDF / too large'),
    401: err('Not signed in'),
    403: err('Not an admin'),
    404: err('Ticket not found.'),
    ...uploadLimitResponses,
  },
});
