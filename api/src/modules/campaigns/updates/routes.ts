import { createRoute, z } from '@hono/zod-openapi';
import { requireAuth } from '../../../platform/auth/middleware.js';
import { errorResponse as err } from '../../../platform/http/schemas.js';
import { IdParam, json, security, text } from '../schemas.js';

// /{id}/updates: the owner posts an update on a live or ended campaign; its investors get it by e-mail.
export const postUpdateRoute = createRoute({
  method: 'post',
  path: '/{id}/updates',
  tags: ['campaigns'],
  'x-access': 'owner',
  security,
  summary: "The owner posts an update (active, funded or closed campaign); it is e-mailed to the campaign's investors",
  middleware: [requireAuth] as const,
  request: {
    params: IdParam,
    body: {
      required: true,
      content: {
        'application/json': {
          schema: z.object({
            title: text(200).pipe(z.string().min(1, 'Please fill in the Title field.')),
            content: text(10_000).pipe(z.string().min(1, 'Please fill in the Content field.')),
          }),
        },
      },
    },
  },
  responses: {
    201: json(
      'Posted',
      z.object({
        update: z.object({ id: z.uuid(), title: z.string(), content: z.string(), created_at: z.string() }),
        emailed: z.number().int(),
      }),
    ),
    400: err('Missing title or content'),
    401: err('Not signed in'),
    404: err('Campaign not found.'),
    409: err('Not live yet'),
  },
});
