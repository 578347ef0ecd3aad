import { createRoute, z } from '@hono/zod-openapi';
import { requireAdmin } from '../../../platform/auth/middleware.js';
import { json, security } from '../../../platform/http/schemas.js';
import { adminOnly, BooksCheck } from '../schemas.js';

export const booksCheckRoute = createRoute({
  method: 'post',
  path: '/books-check',
  tags: ['admin'],
  'x-access': 'admin',
  security,
  summary:
    'Run the books check now (every balance invariant of the ledger) and keep its result; it also runs every 15 minutes',
  middleware: [requireAdmin] as const,
  responses: { 200: json('The result', z.object({ books_check: BooksCheck })), ...adminOnly },
});
