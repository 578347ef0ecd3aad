import { createRoute, z } from '@hono/zod-openapi';
import { requireAuth } from '../../../platform/auth/middleware.js';
import { errorResponse as err } from '../../../platform/http/schemas.js';

export const pinResetCodeRoute = createRoute({
  method: 'post',
  path: '/pin-reset/code',
  'x-access': 'user',
  tags: ['profile'],
  summary: 'Forgot PIN, step 1: mail a 6-digit code (10 minutes, single use) to the account e-mail',
  description:
    'One code a minute and 5 an hour per account; a new code replaces the previous one. 409 when no PIN is set.',
  middleware: [requireAuth] as const,
  security: [{ bearer: [] }],
  responses: {
    200: {
      description: 'Code mailed',
      content: {
        'application/json': {
          schema: z.object({
            sent: z.literal(true),
            expires_in: z.number().int(),
            email: z.string().openapi({ description: "Where the code went (the caller's own address)" }),
          }),
        },
      },
    },
    401: err('Not signed in'),
    409: err('No PIN is set'),
    429: err('Too many codes'),
  },
});

export const pinResetRoute = createRoute({
  method: 'post',
  path: '/pin-reset',
  'x-access': 'user',
  tags: ['profile'],
  summary:
    'Forgot PIN, step 2: account password + mailed code -> new PIN; lifts a PIN lock; audited (account.pin_reset)',
  description:
    'Wrong password: 400 on `password` (5 tries per 15 minutes). Wrong code: 400 on `code` with `details.attempts_left` (5 wrong spend it). Expired or used code: 400 on `code`.',
  middleware: [requireAuth] as const,
  security: [{ bearer: [] }],
  request: {
    body: {
      required: true,
      content: {
        'application/json': {
          schema: z
            .object({
              password: z.string().min(1, 'Enter your password.').max(1024),
              code: z.string().regex(/^\d{6}$/, 'The code has 6 digits.'),
              pin: z.string().regex(/^\d{4}$/, 'PINs must be 4 digits.'),
            })
            .strict()
            .openapi('PinReset'),
        },
      },
    },
  },
  responses: {
    204: { description: 'New PIN stored, lock lifted; a notice is mailed' },
    400: err('Wrong password or code, or invalid PIN'),
    401: err('Not signed in'),
    409: err('No PIN is set'),
    429: err('Too many attempts'),
  },
});
