import { createRoute, z } from '@hono/zod-openapi';
import { requireAuth } from '../../../platform/auth/middleware.js';
import { NOT_STORABLE, storableText, errorResponse as err } from '../../../platform/http/schemas.js';
import { json, security } from '../schemas.js';

// GET /users/search: people to pay or request from.

export const userSearchRoute = createRoute({
  method: 'get',
  path: '/users/search',
  tags: ['wallet'],
  'x-access': 'user',
  'x-reveals': 'directory',
  security,
  summary: 'Find people to pay or request from: name, username or e-mail, case-insensitive, not oneself, at most 10',
  middleware: [requireAuth] as const,
  request: {
    query: z.object({
      q: z.string().trim().min(1, 'Type a name, username or e-mail.').max(100).refine(storableText, NOT_STORABLE),
    }),
  },
  responses: {
    200: json(
      'Matches',
      z.object({
        users: z.array(
          z.object({
            id: z.uuid(),
            full_name: z.string().nullable(),
            username: z.string().nullable(),
            avatar_url: z.string().nullable(),
          }),
        ),
      }),
    ),
    400: err('Empty or too long query'),
    401: err('Not signed in'),
  },
});
