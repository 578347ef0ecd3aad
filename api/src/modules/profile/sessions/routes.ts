import { createRoute, z } from '@hono/zod-openapi';
import { requireAuth } from '../../../platform/auth/middleware.js';
import { errorResponse as err } from '../../../platform/http/schemas.js';

export const SessionSchema = z
  .object({
    id: z.uuid().openapi({ description: 'Session (refresh-token family) id' }),
    device: z.string(),
    user_agent: z.string().nullable(),
    signed_in_at: z.string().openapi({ format: 'date-time' }),
    last_used_at: z.string().openapi({ format: 'date-time' }),
    current: z.boolean(),
  })
  .openapi('Session');

export const listSessionsRoute = createRoute({
  method: 'get',
  path: '/sessions',
  'x-access': 'user',
  tags: ['profile'],
  summary: "The caller's active sessions (device, sign-in, last use)",
  middleware: [requireAuth] as const,
  security: [{ bearer: [] }],
  responses: {
    200: {
      description: 'Sessions',
      content: { 'application/json': { schema: z.object({ sessions: z.array(SessionSchema) }) } },
    },
    401: err('Not signed in'),
  },
});

export const revokeSessionRoute = createRoute({
  method: 'delete',
  path: '/sessions/{id}',
  'x-access': 'owner',
  tags: ['profile'],
  summary: 'Sign one session out (its refresh token stops working at once; an access token lapses within 15 minutes)',
  middleware: [requireAuth] as const,
  security: [{ bearer: [] }],
  request: { params: z.object({ id: z.uuid('Invalid session id') }) },
  responses: {
    204: { description: 'Signed out' },
    400: err('Invalid id'),
    401: err('Not signed in'),
    404: err('No such session of yours'),
  },
});
