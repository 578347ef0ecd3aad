import { createRoute, z } from '@hono/zod-openapi';
import { requireAdmin } from '../../../platform/auth/middleware.js';
import { errorResponse as err } from '../../../platform/http/schemas.js';
import { ContactMessageShape, Cursor, MessageParam, json, security } from '../schemas.js';

// /admin/contact-messages: what the public contact form sent (docs/product.md "Public pages"; /api/contact
// stores it), newest first, for admins, who mark each handled or not, audited.
const adminOnly = { 401: err('Not signed in'), 403: err('Not an admin') };

export const ContactMessagesQuery = z.object({
  handled: z
    .enum(['true', 'false'], 'Choose true or false.')
    .optional()
    .openapi({ description: 'Only handled (true) or only unhandled (false) messages' }),
  cursor: Cursor.optional(),
});

export const contactMessagesRoute = createRoute({
  method: 'get',
  path: '/admin/contact-messages',
  tags: ['support'],
  'x-access': 'admin',
  security,
  summary: 'Contact form messages newest first, 20 a page, with their handled flag',
  middleware: [requireAdmin] as const,
  request: { query: ContactMessagesQuery },
  responses: {
    200: json(
      'A page of messages',
      z.object({ messages: z.array(ContactMessageShape), next_cursor: z.string().nullable() }),
    ),
    400: err('Invalid filter'),
    ...adminOnly,
  },
});

export const HandledInput = z.object({ handled: z.boolean('Say true or false.') });

export const markHandledRoute = createRoute({
  method: 'patch',
  path: '/admin/contact-messages/{id}',
  tags: ['support'],
  'x-access': 'admin',
  security,
  summary: 'Mark a contact message handled (when, by whom) or not handled; audited',
  middleware: [requireAdmin] as const,
  request: {
    params: MessageParam,
    body: { required: true, content: { 'application/json': { schema: HandledInput } } },
  },
  responses: {
    200: json('Saved', z.object({ message: ContactMessageShape })),
    400: err('handled is not a boolean'),
    ...adminOnly,
    404: err('Message not found.'),
  },
});
