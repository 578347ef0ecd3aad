import { createRoute, z } from '@hono/zod-openapi';
import { requireAuth } from '../../../platform/auth/middleware.js';
import { errorResponse as err, json, security } from '../../../platform/http/schemas.js';
import { TokenResponse } from '../schemas.js';
import { Ticket } from '../passkeys/schemas.js';

// /api/auth/second-factor: authenticator-app codes and recovery codes (signed in), and the second
// step of a password sign-in (signed out, with the ticket of the 403 SECOND_FACTOR_REQUIRED answer).

const Code = z
  .string()
  .trim()
  .min(1, 'Enter the code.')
  .max(20, 'That code is not right. Check your authenticator app and try again.');
const RecoveryCodes = z.object({
  recovery_codes: z.array(z.string()).openapi({ description: 'Shown once; each works once' }),
});

export const statusRoute = createRoute({
  method: 'get',
  path: '/second-factor',
  'x-access': 'user',
  tags: ['auth'],
  security,
  summary: "The caller's second factors and whether this session proved one (and until when it counts for step-up)",
  middleware: [requireAuth] as const,
  responses: {
    200: json(
      'Status',
      z
        .object({
          totp_enabled: z.boolean(),
          passkeys: z.number().int(),
          recovery_codes_left: z.number().int(),
          session_verified: z.boolean(),
          step_up_until: z.string().nullable(),
        })
        .openapi('SecondFactorStatus'),
    ),
    401: err('Not signed in'),
  },
});

export const totpSetupRoute = createRoute({
  method: 'post',
  path: '/second-factor/totp',
  'x-access': 'user',
  tags: ['auth'],
  security,
  summary:
    'Turn on authenticator-app codes, step 1: a new secret with its otpauth URI and QR code (SVG); nothing changes until a code confirms it',
  middleware: [requireAuth] as const,
  responses: {
    200: json('Secret', z.object({ secret: z.string(), otpauth_url: z.string(), qr_svg: z.string() })),
    401: err('Not signed in'),
    409: err('Already on'),
  },
});

export const totpEnableRoute = createRoute({
  method: 'post',
  path: '/second-factor/totp/enable',
  'x-access': 'user',
  tags: ['auth'],
  security,
  summary:
    'Turn on authenticator-app codes, step 2: a code from the app; answers ten recovery codes (shown once); mails a notice; audited',
  middleware: [requireAuth] as const,
  request: { body: { required: true, content: { 'application/json': { schema: z.object({ code: Code }).strict() } } } },
  responses: {
    200: json('On', RecoveryCodes),
    400: err('Wrong or used code'),
    401: err('Not signed in'),
    429: err('Too many wrong codes'),
  },
});

export const totpDisableRoute = createRoute({
  method: 'delete',
  path: '/second-factor/totp',
  'x-access': 'user',
  tags: ['auth'],
  security,
  summary:
    'Turn off authenticator-app codes (recovery codes go too): needs a second-factor check within 5 minutes; mails a notice; audited',
  middleware: [requireAuth] as const,
  responses: { 204: { description: 'Off' }, 401: err('Not signed in'), 403: err('Step-up needed'), 404: err('Not on') },
});

export const renewRecoveryCodesRoute = createRoute({
  method: 'post',
  path: '/second-factor/recovery-codes',
  'x-access': 'user',
  tags: ['auth'],
  security,
  summary: 'Ten new recovery codes (the old ones stop working): needs a second-factor check within 5 minutes',
  middleware: [requireAuth] as const,
  responses: {
    200: json('New codes', RecoveryCodes),
    401: err('Not signed in'),
    403: err('Step-up needed'),
    409: err('App codes not on'),
  },
});

export const codeSignInRoute = createRoute({
  method: 'post',
  path: '/second-factor/sign-in',
  'x-access': 'public',
  tags: ['auth'],
  summary: 'Second step of a password sign-in: the ticket and an authenticator code (6 digits) or a recovery code',
  description:
    'A code is accepted for its 30-second step and one step either side, once. 5 wrong codes in 15 minutes lock the second step for 15 minutes. A recovery code works once and mails a notice.',
  request: {
    body: {
      required: true,
      content: { 'application/json': { schema: z.object({ ticket: Ticket, code: Code }).strict() } },
    },
  },
  responses: {
    200: json('Signed in', TokenResponse),
    400: err('Wrong or used code'),
    401: err('Ticket expired'),
    403: err('Account disabled'),
    429: err('Too many wrong codes'),
  },
});
