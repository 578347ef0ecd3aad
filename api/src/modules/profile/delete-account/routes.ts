import { createRoute, z } from '@hono/zod-openapi';
import { requireAuth } from '../../../platform/auth/middleware.js';
import { errorResponse as err } from '../../../platform/http/schemas.js';

export const deleteAccountRoute = createRoute({
  method: 'post',
  path: '/delete-account',
  'x-access': 'user',
  tags: ['profile'],
  summary: 'Delete own account: password required; refused while any wallet holds money',
  middleware: [requireAuth] as const,
  security: [{ bearer: [] }],
  request: {
    body: {
      required: true,
      content: {
        'application/json': {
          schema: z.object({ password: z.string().min(1, 'Enter your password.').max(1024) }).strict(),
        },
      },
    },
  },
  responses: {
    204: { description: 'Deleted; every session is signed out' },
    400: err('Wrong password'),
    401: err('Not signed in'),
    409: err('Wallets hold money'),
    429: err('Too many attempts'),
  },
});
