import { createRoute, z } from '@hono/zod-openapi';
import { requireAuth } from '../../../platform/auth/middleware.js';
import { errorResponse as err } from '../../../platform/http/schemas.js';
import { json, security } from '../schemas.js';

// POST /pin (set, change, verify the transaction PIN).

export const pinRoute = createRoute({
  method: 'post',
  path: '/pin',
  tags: ['wallet'],
  'x-access': 'user',
  security,
  summary: "Set, change or verify the caller's 4-digit transaction PIN (spec manage-pin)",
  middleware: [requireAuth] as const,
  request: {
    body: {
      required: true,
      content: {
        'application/json': {
          schema: z.object({
            action: z.enum(['set_pin', 'change_pin', 'verify_pin']),
            pin: z.string().max(10),
            current_pin: z.string().max(10).optional(),
          }),
        },
      },
    },
  },
  responses: {
    200: json(
      'Done: { message } for set/change, { verified: true } for verify',
      z.object({ message: z.string().optional(), verified: z.boolean().optional() }),
    ),
    400: err("'PINs must be 4 digits.'"),
    401: err('Not signed in'),
    403: err("PIN_INCORRECT 'The PIN you entered is incorrect.' or PIN_NOT_SET"),
    409: err('set_pin when a PIN is already set'),
    423: err('PIN_LOCKED'),
  },
});
