import { createRoute, z } from '@hono/zod-openapi';
import { requireAuth } from '../../../platform/auth/middleware.js';
import { errorResponse as err } from '../../../platform/http/schemas.js';
import { json, security } from '../schemas.js';

// GET /payment-settings (what the send screens need).

export const paymentSettingsRoute = createRoute({
  method: 'get',
  path: '/payment-settings',
  tags: ['wallet'],
  'x-access': 'user',
  security,
  summary: 'What the send screens need: whether a PIN is set (and locked) and the default payment hashtags',
  middleware: [requireAuth] as const,
  responses: {
    200: json(
      'Settings',
      z.object({
        pin_set: z.boolean(),
        pin_locked_until: z.string().nullable(),
        default_payment_hashtags: z.array(z.string()),
      }),
    ),
    401: err('Not signed in'),
    404: err('No profile'),
  },
});
