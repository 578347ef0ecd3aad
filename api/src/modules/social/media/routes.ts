import { createRoute, z } from '@hono/zod-openapi';
import { errorResponse as err } from '../../../platform/http/schemas.js';

// /media/{key}: the public address of a post's file (docs/product.md "Feed and profiles": the bucket's public address;
// <img> and <video> send no bearer token). Keys are unguessable: user id, time and 24 random hex digits.
export const mediaRoute = createRoute({
  method: 'get',
  path: '/media/{key}',
  tags: ['social'],
  'x-access': 'public',
  summary: "A post's image or video (immutable: a new upload gets a new key)",
  request: { params: z.object({ key: z.string().regex(/^[A-Za-z0-9][A-Za-z0-9._-]{0,200}$/, 'Invalid file name') }) },
  responses: {
    200: {
      description: 'The file',
      content: {
        'image/*': { schema: z.any().openapi({ type: 'string', format: 'binary' }) },
        'video/*': { schema: z.any().openapi({ type: 'string', format: 'binary' }) },
      },
    },
    404: err('No such file'),
  },
});
