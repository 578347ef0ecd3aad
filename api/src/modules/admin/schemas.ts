import { z } from '@hono/zod-openapi';
import { errorResponse as err } from '../../platform/http/schemas.js';

// What the admin's routes share.

export const adminOnly = { 401: err('Not signed in'), 403: err('Not an admin') };
export const IdParam = z.object({ id: z.uuid('Invalid id') });

/** The latest books check (the dashboard shows it; /books-check runs one). */
export const BooksCheck = z
  .object({
    checked_at: z.string(),
    ok: z.boolean(),
    problem_count: z.number().int(),
    first_problem: z.string().nullable(),
    duration_ms: z.number().int(),
  })
  .nullable();
