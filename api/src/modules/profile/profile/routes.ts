import { createRoute, z } from '@hono/zod-openapi';
import { requireAuth } from '../../../platform/auth/middleware.js';
import { errorResponse as err } from '../../../platform/http/schemas.js';
import { FullName, Hashtags, Username } from '../rules.js';
import { profileOk } from '../schemas.js';

export const getProfileRoute = createRoute({
  method: 'get',
  path: '/',
  'x-access': 'user',
  tags: ['profile'],
  summary: "The caller's profile and settings (docs/product.md 'Profile, PIN and KYC')",
  middleware: [requireAuth] as const,
  security: [{ bearer: [] }],
  responses: { 200: profileOk, 401: err('Not signed in'), 404: err('No profile') },
});

export const UpdateProfileBody = z
  .object({
    full_name: FullName.optional(),
    username: Username.optional(),
    default_payment_hashtags: Hashtags.optional(),
    profile_privacy: z.enum(['public', 'friends_only', 'private']).optional(),
  })
  .strict()
  .openapi('ProfileUpdate');

export const updateProfileRoute = createRoute({
  method: 'patch',
  path: '/',
  'x-access': 'user',
  tags: ['profile'],
  summary: 'Update own full name, username, default payment hashtags, privacy',
  middleware: [requireAuth] as const,
  security: [{ bearer: [] }],
  request: { body: { required: true, content: { 'application/json': { schema: UpdateProfileBody } } } },
  responses: {
    200: profileOk,
    400: err('Invalid field'),
    401: err('Not signed in'),
    409: err('Username already taken'),
  },
});
