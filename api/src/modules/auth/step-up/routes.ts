import { createRoute, z } from '@hono/zod-openapi';
import { requireAuth } from '../../../platform/auth/middleware.js';
import { errorResponse as err, json, security } from '../../../platform/http/schemas.js';
import { AuthenticationResponse, WebAuthnOptions } from '../passkeys/schemas.js';

// /api/auth/step-up: prove a second factor again in this session; large money moves, removing a
// factor and adding a payout bank accept it for 5 minutes (403 STEP_UP_REQUIRED otherwise).

const StepUp = z.object({ step_up_until: z.string().openapi({ format: 'date-time' }) }).openapi('StepUp');

export const stepUpCodeRoute = createRoute({
  method: 'post',
  path: '/step-up',
  'x-access': 'user',
  tags: ['auth'],
  security,
  summary: 'Step-up with an authenticator code or a recovery code',
  middleware: [requireAuth] as const,
  request: {
    body: {
      required: true,
      content: {
        'application/json': {
          schema: z
            .object({
              code: z
                .string()
                .trim()
                .min(1, 'Enter the code.')
                .max(20, 'That code is not right. Check your authenticator app and try again.'),
            })
            .strict(),
        },
      },
    },
  },
  responses: {
    200: json('Confirmed', StepUp),
    400: err('Wrong or used code'),
    401: err('Not signed in'),
    429: err('Too many wrong codes'),
  },
});

export const stepUpOptionsRoute = createRoute({
  method: 'post',
  path: '/step-up/passkey-options',
  'x-access': 'user',
  tags: ['auth'],
  security,
  summary: "Options for a step-up with one of the caller's passkeys",
  middleware: [requireAuth] as const,
  responses: { 200: json('Request options', WebAuthnOptions), 401: err('Not signed in'), 409: err('No passkey') },
});

export const stepUpPasskeyRoute = createRoute({
  method: 'post',
  path: '/step-up/passkey',
  'x-access': 'user',
  tags: ['auth'],
  security,
  summary: 'Step-up with a passkey',
  middleware: [requireAuth] as const,
  request: {
    body: {
      required: true,
      content: { 'application/json': { schema: z.object({ response: AuthenticationResponse }).strict() } },
    },
  },
  responses: { 200: json('Confirmed', StepUp), 400: err('Passkey refused or invalid body'), 401: err('Not signed in') },
});
