import { createRoute, z } from '@hono/zod-openapi';
import { requireAuth } from '../../../platform/auth/middleware.js';
import { errorResponse as err } from '../../../platform/http/schemas.js';
import { Cursor, IdParam, InvoiceInput, InvoicePage, InvoiceShape, json, security } from '../schemas.js';

// / and /{id}: the Sent and Received lists, create a draft, the detail, edit a draft (docs/product.md "Invoices").
const Invoice = z.object({ invoice: InvoiceShape });
const FormErrors = err(
  "'Invalid Invoice Data' (items, asset, number, due date) or 'Client Information Missing', with the fields",
);

export const listRoute = createRoute({
  method: 'get',
  path: '/',
  tags: ['invoices'],
  'x-access': 'user',
  security,
  summary:
    "The caller's invoices (box=sent) or those addressed to the caller once sent (box=received), newest first, 20 a page",
  middleware: [requireAuth] as const,
  request: {
    query: z.object({
      box: z.enum(['sent', 'received'], "Choose 'sent' or 'received'.").default('sent'),
      cursor: Cursor.optional(),
    }),
  },
  responses: { 200: json('A page of invoices', InvoicePage), 400: err('Bad box or cursor'), 401: err('Not signed in') },
});

export const createRoute_ = createRoute({
  method: 'post',
  path: '/',
  tags: ['invoices'],
  'x-access': 'user',
  security,
  summary:
    'Create an invoice as a draft; the server computes item totals, subtotal, tax and total from exact decimals (figures sent by the client are ignored)',
  middleware: [requireAuth] as const,
  request: { body: { required: true, content: { 'application/json': { schema: InvoiceInput } } } },
  responses: { 201: json('The draft', Invoice), 400: FormErrors, 401: err('Not signed in') },
});

export const showRoute = createRoute({
  method: 'get',
  path: '/{id}',
  tags: ['invoices'],
  'x-access': 'owner',
  security,
  summary:
    "An invoice of the caller's or addressed to the caller (once sent); the client's first look makes a sent invoice viewed",
  middleware: [requireAuth] as const,
  request: { params: IdParam },
  responses: {
    200: json('The invoice', Invoice),
    400: err('Not an id'),
    401: err('Not signed in'),
    404: err('Invoice not found.'),
  },
});

export const editRoute = createRoute({
  method: 'put',
  path: '/{id}',
  tags: ['invoices'],
  'x-access': 'owner',
  security,
  summary: 'Edit a draft (its creator only): the whole form again, figures computed again',
  middleware: [requireAuth] as const,
  request: { params: IdParam, body: { required: true, content: { 'application/json': { schema: InvoiceInput } } } },
  responses: {
    200: json('The draft', Invoice),
    400: FormErrors,
    401: err('Not signed in'),
    404: err('Invoice not found.'),
    409: err('Only a draft can be edited.'),
  },
});
