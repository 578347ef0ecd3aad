import { createRoute, z } from '@hono/zod-openapi';
import { requireAuth } from '../../../platform/auth/middleware.js';
import { errorResponse as err } from '../../../platform/http/schemas.js';
import { IdParam, security } from '../schemas.js';

// /{id}/pdf: the invoice as a PDF for its creator or client (issue 19).
const binary = z.any().openapi({ type: 'string', format: 'binary' });

export const pdfRoute = createRoute({
  method: 'get', path: '/{id}/pdf', tags: ['invoices'], 'x-access': 'owner', security,
  summary: 'The invoice as a PDF (A4), named after its number; served private, nosniff, CSP sandbox',
  middleware: [requireAuth] as const,
  request: { params: IdParam },
  responses: { 200: { description: 'The PDF', content: { 'application/pdf': { schema: binary } } }, 400: err('Not an id'), 401: err('Not signed in'), 404: err('Invoice not found.') },
});
