import { createRoute, z } from '@hono/zod-openapi';
import { requireAuth } from '../../../platform/auth/middleware.js';
import { errorResponse as err } from '../../../platform/http/schemas.js';
import { IdParam, Person, json, security, text } from '../schemas.js';

// /{id}/comments: any signed-in user comments on a campaign they can see (docs/product.md "Campaigns and investments": not blank).
export const commentRoute = createRoute({
  method: 'post',
  path: '/{id}/comments',
  tags: ['campaigns'],
  'x-access': 'user',
  security,
  summary: 'Comment on a campaign the caller can see (a top-level comment)',
  middleware: [requireAuth] as const,
  request: {
    params: IdParam,
    body: {
      required: true,
      content: {
        'application/json': {
          schema: z.object({
            comment_text: text(2000).pipe(z.string().min(1, 'Please write a comment.')),
          }),
        },
      },
    },
  },
  responses: {
    201: json(
      'Comment Posted!',
      z.object({
        comment: z.object({ id: z.uuid(), comment_text: z.string(), created_at: z.string(), commenter: Person }),
      }),
    ),
    400: err('Blank comment'),
    401: err('Not signed in'),
    404: err('Campaign not found.'),
  },
});
