import { createRoute, z } from '@hono/zod-openapi';
import { requireAdmin, requireAuth } from '../../../platform/auth/middleware.js';
import { errorResponse as err } from '../../../platform/http/schemas.js';
import { AttachmentParam, security } from '../schemas.js';

// /attachments/{id} (the ticket's owner) and /admin/attachments/{id} (admins): a private file served
// with the type its bytes were checked as, nosniff, a CSP sandbox and no caching. Two routes because
// an owner route answers 404 to everyone but the owner, admins included (docs/decisions.md "Who may call what").
const binary = z.any().openapi({ type: 'string', format: 'binary' });
const file = {
  description: 'The file',
  content: { 'image/*': { schema: binary }, 'application/pdf': { schema: binary } },
};

export const ownAttachmentRoute = createRoute({
  method: 'get',
  path: '/attachments/{id}',
  tags: ['support'],
  'x-access': 'owner',
  security,
  summary: "A file attached to one of the caller's tickets or its responses",
  middleware: [requireAuth] as const,
  request: { params: AttachmentParam },
  responses: { 200: file, 400: err('Not an id'), 401: err('Not signed in'), 404: err('Attachment not found.') },
});

export const adminAttachmentRoute = createRoute({
  method: 'get',
  path: '/admin/attachments/{id}',
  tags: ['support'],
  'x-access': 'admin',
  security,
  summary: 'A file attached to any ticket or response (admins)',
  middleware: [requireAdmin] as const,
  request: { params: AttachmentParam },
  responses: {
    200: file,
    400: err('Not an id'),
    401: err('Not signed in'),
    403: err('Not an admin'),
    404: err('Attachment not found.'),
  },
});
