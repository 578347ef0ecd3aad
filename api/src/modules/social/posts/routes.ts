import { createRoute, z } from '@hono/zod-openapi';
import { requireAuth } from '../../../platform/auth/middleware.js';
import { errorResponse as err } from '../../../platform/http/schemas.js';
import { uploadBodyLimit, uploadLimitResponses } from '../../../platform/storage/index.js';
import { Cursor, PostPage, PostParam, PostShape, json, security, text } from '../schemas.js';

// /posts and /posts/{id}: the feed (docs/product.md "Feed and profiles"), creating a post (Create post), one post.
const FileField = z.any().openapi({ type: 'string', format: 'binary' });

export const feedRoute = createRoute({
  method: 'get',
  path: '/posts',
  tags: ['social'],
  'x-access': 'user',
  security,
  summary: 'The feed: posts the caller may see, newest first, pages of 10 (Load More Posts with next_cursor)',
  middleware: [requireAuth] as const,
  request: { query: z.object({ cursor: Cursor.optional() }) },
  responses: { 200: json('A page of posts', PostPage), 400: err('Bad cursor'), 401: err('Not signed in') },
});

export const createPostRoute = createRoute({
  method: 'post',
  path: '/posts',
  tags: ['social'],
  'x-access': 'user',
  security,
  summary:
    'Create a post: text, or an image (JPEG/PNG/WebP, 5 MB) or a video (MP4/WebM, 25 MB) typed by its bytes; tags comma separated',
  middleware: [requireAuth, uploadBodyLimit('social_media_content', 'file')] as const,
  request: {
    body: {
      required: true,
      content: {
        'multipart/form-data': {
          schema: z.object({
            content_type: z.enum(['text', 'image', 'video'], 'Choose text, image or video.'),
            text_content: text(5000).optional(),
            tags: z.string().max(400).optional(),
            file: FileField.optional(),
          }),
        },
      },
    },
  },
  responses: {
    201: json('Posted', z.object({ post: PostShape })),
    400: err('Empty post, no file, or a file of another kind'),
    401: err('Not signed in'),
    ...uploadLimitResponses,
  },
});

export const showPostRoute = createRoute({
  method: 'get',
  path: '/posts/{id}',
  tags: ['social'],
  'x-access': 'user',
  security,
  summary: 'One post the caller may see',
  middleware: [requireAuth] as const,
  request: { params: PostParam },
  responses: {
    200: json('The post', z.object({ post: PostShape })),
    401: err('Not signed in'),
    404: err('Post not found.'),
  },
});
