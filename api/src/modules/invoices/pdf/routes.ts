import { createRoute, z } from '@hono/zod-openapi';
import { requireAuth } from '../../../platform/auth/middleware.js';
import { errorResponse as err } from '../../../platform/http/schemas.js';
import { IdParam, security } from '../schemas.js';

// /{id}/pdf: the invoice as a PDF for its creator or client.
const binary = z.any().openapi({ type: 'string', format: 'binary' });
const isTimeZone = (tz: string) => {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: tz });
    return true;
  } catch {
    return false;
  }
};
const PdfQuery = z.object({
  tz: z
    .string()
    .max(64)
    .refine(isTimeZone, 'Not a time zone (e.g. Europe/Berlin).')
    .optional()
    .openapi({ description: "The reader's IANA time zone, for the issue date; UTC when absent" }),
});

export const pdfRoute = createRoute({
  method: 'get',
  path: '/{id}/pdf',
  tags: ['invoices'],
  'x-access': 'owner',
  security,
  summary: 'The invoice as a PDF (A4), named after its number; served private, nosniff, CSP sandbox',
  middleware: [requireAuth] as const,
  request: { params: IdParam, query: PdfQuery },
  responses: {
    200: { description: 'The PDF', content: { 'application/pdf': { schema: binary } } },
    400: err('Not an id, or not a time zone'),
    401: err('Not signed in'),
    404: err('Invoice not found.'),
  },
});
