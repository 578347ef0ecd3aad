import { createRoute, z } from '@hono/zod-openapi';
import { TokenResponse, errors } from '../schemas.js';

export const TokenQuery = z.object({
  grant_type: z.enum(['password', 'refresh_token', 'id_token']).openapi({
    description:
      'password: body email+password. refresh_token: reads the portal_rt cookie. id_token: body provider (google) + id_token (Google One Tap).',
  }),
});

export const PasswordGrantBody = z
  .object({
    email: z.email('Enter a valid e-mail address').max(254),
    password: z.string().min(1, 'Password is required').max(1024),
  })
  .openapi('PasswordGrant');

export const IdTokenGrantBody = z
  .object({
    provider: z.literal('google', { error: 'Only google is supported' }),
    id_token: z.string().min(1, 'id_token is required').max(8192),
    nonce: z.string().max(256).optional(),
  })
  .openapi('IdTokenGrant');

export const tokenRoute = createRoute({
  method: 'post',
  path: '/token',
  'x-access': 'public',
  tags: ['auth'],
  summary: 'Sign in (password, Google id token) or refresh the session (refresh token from the httpOnly cookie)',
  description:
    'The refresh token is set only as the httpOnly, SameSite=Strict cookie `portal_rt` (Path /api/auth). ' +
    'Reusing a rotated refresh token revokes its whole family. An account whose e-mail is unconfirmed 48 hours after sign-up gets 403.',
  request: {
    query: TokenQuery,
    // Lenient here because the refresh grant sends no body; each grant's body is checked strictly in the handler.
    body: {
      required: false,
      content: {
        'application/json': {
          schema: z.object({
            email: z.string().optional(),
            password: z.string().optional(),
            provider: z.string().optional(),
            id_token: z.string().optional(),
            nonce: z.string().optional(),
          }),
        },
      },
    },
  },
  responses: {
    200: { description: 'Signed in', content: { 'application/json': { schema: TokenResponse } } },
    ...errors({
      400: 'Invalid body',
      401: 'Invalid credentials, refresh token or id token',
      403: 'Account disabled or e-mail not confirmed within 48 hours',
      429: 'Too many sign-in attempts',
    }),
  },
});
