import { createRoute, z } from '@hono/zod-openapi';
import { Phone, errors } from '../schemas.js';

export const SignUpBody = z
  .object({
    email: z.email('Enter a valid e-mail address').max(254),
    password: z.string().max(1024, 'Password is too long'),
    data: z.object({ full_name: z.string().trim().min(1, 'Full name is required').max(200) }),
    phone: z
      .union([z.literal(''), Phone])
      .optional()
      .transform((p) => p || undefined),
  })
  .openapi('SignUp');

export const signUpRoute = createRoute({
  method: 'post',
  path: '/signup',
  'x-access': 'public',
  tags: ['auth'],
  summary: 'Sign up: creates the account, mails a confirmation link (48 hours); texts a code when a phone is given',
  description:
    'Weak passwords (fewer than 8 characters, or among the 10,000 most common) get 400 with `details.weak_password.reasons` (length, pwned). ' +
    'An e-mail that already has an account gets the same 200 (its owner is told by mail).',
  request: { body: { required: true, content: { 'application/json': { schema: SignUpBody } } } },
  responses: {
    200: {
      description: 'Account created (or already existed); confirmation mail sent',
      content: {
        'application/json': {
          schema: z.object({ email: z.string(), confirmation_sent: z.boolean(), phone_otp_sent: z.boolean() }),
        },
      },
    },
    ...errors({
      400: 'Invalid body or weak password',
      409: 'Phone number registered to another account',
      429: 'Too many sign-up attempts',
    }),
  },
});
