import { createRoute, z } from '@hono/zod-openapi';
import { errors } from '../schemas.js';

export const resendRoute = createRoute({
  method: 'post',
  path: '/resend',
  'x-access': 'public',
  tags: ['auth'],
  summary: 'Send a new e-mail confirmation link (type signup); confirming re-enables an account past its 48 hours',
  description: 'The answer is the same whether or not the e-mail has an unconfirmed account.',
  request: {
    body: {
      required: true,
      content: {
        'application/json': {
          schema: z
            .object({
              type: z.literal('signup', { error: 'type must be signup' }),
              email: z.email('Enter a valid e-mail address').max(254),
            })
            .openapi('ResendConfirmation'),
        },
      },
    },
  },
  responses: {
    200: {
      description: 'Sent if the e-mail has an unconfirmed account',
      content: { 'application/json': { schema: z.object({ sent: z.literal(true) }) } },
    },
    ...errors({ 400: 'Invalid body', 429: 'Too many requests' }),
  },
});
