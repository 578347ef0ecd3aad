import { createRoute, z } from '@hono/zod-openapi';
import { errors } from '../schemas.js';

const RecoverBody = z
  .object({ email: z.email('Enter a valid e-mail address').max(254) })
  .strict()
  .openapi('PasswordRecovery');
const ResetToken = z.string().min(1, 'The reset link is missing its token.').max(200, 'The reset link is not valid.');

export const recoverRoute = createRoute({
  method: 'post',
  path: '/recover',
  'x-access': 'public',
  tags: ['auth'],
  summary: 'Forgot password: mail a single-use reset link (valid 1 hour)',
  description:
    'The answer is the same whether or not the e-mail has an account. Limited like sign-in: per address, and 3 per e-mail per 15 minutes.',
  request: { body: { required: true, content: { 'application/json': { schema: RecoverBody } } } },
  responses: {
    200: {
      description: 'Mailed if the e-mail has an account',
      content: { 'application/json': { schema: z.object({ sent: z.literal(true) }) } },
    },
    ...errors({ 400: 'Invalid e-mail', 429: 'Too many requests' }),
  },
});

export const recoverCheckRoute = createRoute({
  method: 'post',
  path: '/recover/check',
  'x-access': 'public',
  tags: ['auth'],
  summary: 'Whether a password reset link still works (unused, within its hour); does not spend it',
  request: {
    body: {
      required: true,
      content: {
        'application/json': { schema: z.object({ token: ResetToken }).strict().openapi('PasswordResetLink') },
      },
    },
  },
  responses: {
    200: {
      description: 'valid false: expired, used or unknown',
      content: { 'application/json': { schema: z.object({ valid: z.boolean() }) } },
    },
    ...errors({ 400: 'Invalid body' }),
  },
});

export const recoverResetRoute = createRoute({
  method: 'post',
  path: '/recover/reset',
  'x-access': 'public',
  tags: ['auth'],
  summary: 'Set a new password with a reset link: every session of the account is signed out, a notice is mailed',
  description:
    'The password policy of sign-up applies (400 with `details.weak_password.reasons`; the link is not spent). ' +
    'An expired, used or unknown link: 400 with `details.fields.token`.',
  request: {
    body: {
      required: true,
      content: {
        'application/json': {
          schema: z
            .object({ token: ResetToken, password: z.string().max(1024, 'Password is too long') })
            .strict()
            .openapi('PasswordReset'),
        },
      },
    },
  },
  responses: {
    200: {
      description: 'Password changed; sign in with it',
      content: { 'application/json': { schema: z.object({ email: z.string() }) } },
    },
    ...errors({ 400: 'Weak password, or the link is invalid, expired or used' }),
  },
});
