import { createRoute, z } from '@hono/zod-openapi';
import { errorResponse as err } from '../../../platform/http/schemas.js';

const text = (field: string, max: number) =>
  z
    .string({ error: `${field} is required` })
    .trim()
    .min(1, `${field} is required`)
    .max(max, `${field} is at most ${max} characters`);

/** docs/product.md "Public pages": name, e-mail, subject, message all required. */
export const ContactBody = z
  .object({
    name: text('Name', 200),
    email: z.email('Enter a valid e-mail address').max(254),
    subject: text('Subject', 200),
    message: text('Message', 5000),
  })
  .openapi('ContactMessage');

export const contactRoute = createRoute({
  method: 'post',
  path: '/',
  'x-access': 'public',
  tags: ['contact'],
  summary: 'Send a message from the contact form (stored in contact_messages; user_id when signed in)',
  security: [{ bearer: [] }],
  request: { body: { required: true, content: { 'application/json': { schema: ContactBody } } } },
  responses: {
    201: {
      description: 'Stored',
      content: { 'application/json': { schema: z.object({ id: z.uuid(), created_at: z.string() }) } },
    },
    400: err('A field is missing or invalid'),
    429: err('Too many messages'),
  },
});
