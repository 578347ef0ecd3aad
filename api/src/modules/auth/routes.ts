import { createRoute, z } from '@hono/zod-openapi';
import { ErrorSchema } from '../../platform/http/schemas.js';

export const TokenQuery = z.object({
  grant_type: z.enum(['password', 'refresh_token']).openapi({ description: 'password: body email+password. refresh_token: reads the portal_rt cookie.' }),
});

export const PasswordGrantBody = z.object({
  email: z.email('Enter a valid e-mail address').max(254),
  password: z.string().min(1, 'Password is required').max(1024),
}).openapi('PasswordGrant');

export const TokenResponse = z.object({
  access_token: z.string(),
  token_type: z.literal('bearer'),
  expires_in: z.number().int(),
  expires_at: z.number().int().openapi({ description: 'unix seconds' }),
  user: z.object({ id: z.uuid(), email: z.string() }),
}).openapi('TokenResponse');

export const tokenRoute = createRoute({
  method: 'post',
  path: '/token',
  'x-access': 'public',
  tags: ['auth'],
  summary: 'Sign in (password) or refresh the session (refresh token from the httpOnly cookie)',
  description: 'The refresh token is set only as the httpOnly, SameSite=Strict cookie `portal_rt` (Path /api/auth). ' +
    'Reusing a rotated refresh token revokes its whole family.',
  request: {
    query: TokenQuery,
    // Lenient here because the refresh grant sends no body; the password grant is checked strictly in the handler.
    body: { required: false, content: { 'application/json': { schema: z.object({ email: z.string().optional(), password: z.string().optional() }) } } },
  },
  responses: {
    200: { description: 'Signed in', content: { 'application/json': { schema: TokenResponse } } },
    400: { description: 'Invalid body', content: { 'application/json': { schema: ErrorSchema } } },
    401: { description: 'Invalid credentials or refresh token', content: { 'application/json': { schema: ErrorSchema } } },
    429: { description: 'Too many sign-in attempts', content: { 'application/json': { schema: ErrorSchema } } },
  },
});

export const logoutRoute = createRoute({
  method: 'post',
  path: '/logout',
  'x-access': 'public', // signing out an unknown session is a no-op 204
  tags: ['auth'],
  summary: 'Sign out: global revokes every session of the user, local only this one',
  security: [{ bearer: [] }],
  request: { query: z.object({ scope: z.enum(['global', 'local']).default('global') }) },
  responses: { 204: { description: 'Signed out; the refresh cookie is cleared' } },
});
