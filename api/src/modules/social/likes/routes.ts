import { createRoute, z } from '@hono/zod-openapi';
import { requireAuth } from '../../../platform/auth/middleware.js';
import { errorResponse as err } from '../../../platform/http/schemas.js';
import { PostParam, json, security } from '../schemas.js';

// /posts/{id}/like: the like toggle (docs/product.md "Feed and profiles").
export const likeRoute = createRoute({
  method: 'post',
  path: '/posts/{id}/like',
  tags: ['social'],
  'x-access': 'user',
  security,
  summary: "Toggle the caller's like of a post they may see",
  middleware: [requireAuth] as const,
  request: { params: PostParam },
  responses: {
    200: json('Liked or not, and the count', z.object({ liked: z.boolean(), likes_count: z.number().int() })),
    401: err('Not signed in'),
    404: err('Post not found.'),
  },
});
