import { createRoute, z } from '@hono/zod-openapi';
import { requireAuth } from '../../../platform/auth/middleware.js';
import { errorResponse as err } from '../../../platform/http/schemas.js';
import { Cursor, PostPage, Relationship, UserIdParam, json, security } from '../schemas.js';

// /users/{ref} and /users/{id}/posts: a public profile (by username or id) and its posts.
export const profileRoute = createRoute({
  method: 'get',
  path: '/users/{ref}',
  tags: ['social'],
  'x-access': 'user',
  'x-reveals': 'directory',
  security,
  summary: 'A public profile by username or id, as its privacy allows, with where the caller stands',
  middleware: [requireAuth] as const,
  request: {
    params: z.object({
      ref: z
        .string()
        .min(1)
        .max(60)
        .regex(/^[A-Za-z0-9_.-]+$/, 'User not found.'),
    }),
  },
  responses: {
    200: json(
      'The profile',
      z.object({
        profile: z.object({
          id: z.uuid(),
          full_name: z.string().nullable(),
          username: z.string().nullable(),
          avatar_url: z.string().nullable(),
          member_since: z.string().nullable(),
          privacy: z.enum(['public', 'friends_only', 'private']),
        }),
        relationship: Relationship,
        can_see_posts: z.boolean(),
      }),
    ),
    401: err('Not signed in'),
    404: err('User not found.'),
  },
});

export const userPostsRoute = createRoute({
  method: 'get',
  path: '/users/{id}/posts',
  tags: ['social'],
  'x-access': 'user',
  security,
  summary: "A person's posts, newest first, pages of 10 (empty when their privacy hides them from the caller)",
  middleware: [requireAuth] as const,
  request: { params: UserIdParam, query: z.object({ cursor: Cursor.optional() }) },
  responses: {
    200: json('A page of posts', PostPage),
    400: err('Bad cursor'),
    401: err('Not signed in'),
    404: err('User not found.'),
  },
});
