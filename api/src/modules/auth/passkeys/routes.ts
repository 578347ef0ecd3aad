import { createRoute, z } from '@hono/zod-openapi';
import { requireAuth } from '../../../platform/auth/middleware.js';
import { errorResponse as err, json, security } from '../../../platform/http/schemas.js';
import { TokenResponse } from '../schemas.js';
import { AuthenticationResponse, RegistrationResponse, Ticket, WebAuthnOptions } from './schemas.js';

// /api/auth/passkeys: add, list and remove passkeys (signed in); sign in with one (signed out).

export const Passkey = z
  .object({
    id: z.uuid(),
    name: z.string(),
    created_at: z.string().openapi({ format: 'date-time' }),
    last_used_at: z.string().nullable().openapi({ format: 'date-time' }),
  })
  .openapi('Passkey');

export const listPasskeysRoute = createRoute({
  method: 'get',
  path: '/passkeys',
  'x-access': 'user',
  tags: ['auth'],
  security,
  summary: "The caller's passkeys (name, added, last use)",
  middleware: [requireAuth] as const,
  responses: { 200: json('Passkeys', z.object({ passkeys: z.array(Passkey) })), 401: err('Not signed in') },
});

export const registrationOptionsRoute = createRoute({
  method: 'post',
  path: '/passkeys/registration-options',
  'x-access': 'user',
  tags: ['auth'],
  security,
  summary:
    'Options for navigator.credentials.create(): a single-use challenge (5 minutes), discoverable, user verification required',
  middleware: [requireAuth] as const,
  responses: {
    200: json('Creation options', WebAuthnOptions),
    401: err('Not signed in'),
    409: err('Ten passkeys already'),
  },
});

export const registerPasskeyRoute = createRoute({
  method: 'post',
  path: '/passkeys',
  'x-access': 'user',
  tags: ['auth'],
  security,
  summary:
    'Add a passkey: verifies the attestation (challenge, origin, RP ID, user verification); mails a notice; audited (auth.passkey.add)',
  middleware: [requireAuth] as const,
  request: {
    body: {
      required: true,
      content: {
        'application/json': {
          schema: z
            .object({
              name: z.string().trim().min(1, 'Name your passkey.').max(60, 'At most 60 characters.'),
              response: RegistrationResponse,
            })
            .strict(),
        },
      },
    },
  },
  responses: {
    201: json('Added', Passkey),
    400: err('Not verified, or invalid body'),
    401: err('Not signed in'),
    409: err('Already added'),
  },
});

export const removePasskeyRoute = createRoute({
  method: 'delete',
  path: '/passkeys/{id}',
  'x-access': 'owner',
  tags: ['auth'],
  security,
  summary:
    'Remove a passkey: needs a second-factor check within 5 minutes (403 STEP_UP_REQUIRED); mails a notice; audited',
  middleware: [requireAuth] as const,
  request: { params: z.object({ id: z.uuid('Invalid passkey id') }) },
  responses: {
    204: { description: 'Removed' },
    400: err('Invalid id'),
    401: err('Not signed in'),
    403: err('Step-up needed'),
    404: err('No such passkey of yours'),
  },
});

export const signInOptionsRoute = createRoute({
  method: 'post',
  path: '/passkeys/sign-in-options',
  'x-access': 'public',
  tags: ['auth'],
  summary:
    "Options for navigator.credentials.get(): any passkey of this site, or with a ticket (second step after a password) the ticket holder's",
  request: {
    body: {
      required: false,
      content: { 'application/json': { schema: z.object({ ticket: Ticket.optional() }).strict() } },
    },
  },
  responses: {
    200: json('Request options', WebAuthnOptions),
    400: err('Invalid body'),
    401: err('Ticket expired'),
    409: err('No passkey for the ticket'),
    429: err('Too many requests from this address'),
  },
});

export const passkeySignInRoute = createRoute({
  method: 'post',
  path: '/passkeys/sign-in',
  'x-access': 'public',
  tags: ['auth'],
  summary: 'Sign in with a passkey (alone, or as the second step with the ticket): sets the refresh cookie like /token',
  description:
    'Refused (401) for an unknown passkey, a spent or foreign challenge, another origin or RP ID, no user verification, or a signature counter that did not move forward (a cloned authenticator). Rate limited per address as sign-in.',
  request: {
    body: {
      required: true,
      content: {
        'application/json': {
          schema: z.object({ response: AuthenticationResponse, ticket: Ticket.optional() }).strict(),
        },
      },
    },
  },
  responses: {
    200: json('Signed in', TokenResponse),
    400: err('Invalid body'),
    401: err('Passkey refused'),
    403: err('Account disabled'),
    429: err('Too many attempts'),
  },
});
