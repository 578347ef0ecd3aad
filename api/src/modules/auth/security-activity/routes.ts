import { createRoute, z } from '@hono/zod-openapi';
import { requireAuth } from '../../../platform/auth/middleware.js';
import { errorResponse as err, json, security } from '../../../platform/http/schemas.js';

export const securityActivityRoute = createRoute({
  method: 'get',
  path: '/security-activity',
  'x-access': 'user',
  tags: ['auth'],
  security,
  summary:
    "The caller's recent security events (passkeys added or removed, second factor on or off, recovery codes), newest first, at most 20",
  middleware: [requireAuth] as const,
  responses: {
    200: json(
      'Events',
      z.object({
        events: z.array(
          z.object({
            id: z.string(),
            action: z.string(),
            words: z.string(),
            created_at: z.string(),
            ip: z.string().nullable(),
          }),
        ),
      }),
    ),
    401: err('Not signed in'),
  },
});
