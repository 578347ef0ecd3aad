import { createRoute, z } from '@hono/zod-openapi';
import { requireAuth } from '../../../platform/auth/middleware.js';
import { errorResponse as err } from '../../../platform/http/schemas.js';
import { CommentShape, CommentText, Cursor, PostParam, json, security } from '../schemas.js';

// /posts/{id}/comments: top-level comments oldest first, and commenting (docs/product.md "Feed and profiles").
export const listCommentsRoute = createRoute({
  method: 'get',
  path: '/posts/{id}/comments',
  tags: ['social'],
  'x-access': 'user',
  security,
  summary: 'Top-level comments of a post the caller may see, oldest first (200 a page)',
  middleware: [requireAuth] as const,
  request: { params: PostParam, query: z.object({ cursor: Cursor.optional() }) },
  responses: {
    200: json('Comments', z.object({ comments: z.array(CommentShape), next_cursor: z.string().nullable() })),
    400: err('Bad cursor'),
    401: err('Not signed in'),
    404: err('Post not found.'),
  },
});

export const postCommentRoute = createRoute({
  method: 'post',
  path: '/posts/{id}/comments',
  tags: ['social'],
  'x-access': 'user',
  security,
  summary: 'Comment on a post the caller may see (not blank)',
  middleware: [requireAuth] as const,
  request: {
    params: PostParam,
    body: { required: true, content: { 'application/json': { schema: z.object({ comment_text: CommentText }) } } },
  },
  responses: {
    201: json('Comment Posted!', z.object({ comment: CommentShape })),
    400: err('Blank comment'),
    401: err('Not signed in'),
    404: err('Post not found.'),
  },
});
