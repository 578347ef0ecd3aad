import { createRoute, z } from '@hono/zod-openapi';
import { requireAuth } from '../../../platform/auth/middleware.js';
import { errorResponse as err } from '../../../platform/http/schemas.js';
import { uploadBodyLimit, uploadLimitResponses } from '../../../platform/storage/index.js';
import { profileOk } from '../schemas.js';

const FileField = z.any().openapi({ type: 'string', format: 'binary' });

export const uploadAvatarRoute = createRoute({
  method: 'post',
  path: '/avatar',
  'x-access': 'user',
  tags: ['profile'],
  summary: 'Upload an avatar (JPEG, PNG or WebP, at most 2 MB; stored in the public avatars bucket)',
  middleware: [requireAuth, uploadBodyLimit('avatars', 'file')] as const,
  security: [{ bearer: [] }],
  request: { body: { required: true, content: { 'multipart/form-data': { schema: z.object({ file: FileField }) } } } },
  responses: {
    200: profileOk,
    400: err('Not an accepted image or too large'),
    401: err('Not signed in'),
    ...uploadLimitResponses,
  },
});

export const deleteAvatarRoute = createRoute({
  method: 'delete',
  path: '/avatar',
  'x-access': 'user',
  tags: ['profile'],
  summary: 'Remove the avatar (the initial is shown instead)',
  middleware: [requireAuth] as const,
  security: [{ bearer: [] }],
  responses: { 200: profileOk, 401: err('Not signed in') },
});

export const avatarFileRoute = createRoute({
  method: 'get',
  path: '/avatars/{file}',
  'x-access': 'public',
  tags: ['profile'],
  summary: 'An avatar image (public bucket; immutable: a new upload gets a new name)',
  request: { params: z.object({ file: z.string().regex(/^[A-Za-z0-9][A-Za-z0-9._-]{0,200}$/, 'Invalid file name') }) },
  responses: {
    200: {
      description: 'Image',
      content: { 'image/*': { schema: z.any().openapi({ type: 'string', format: 'binary' }) } },
    },
    404: err('No such image'),
  },
});
