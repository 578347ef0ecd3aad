import { createRoute, z } from '@hono/zod-openapi';
import { Phone, TokenResponse, errors } from '../schemas.js';

export const verifyRoute = createRoute({
  method: 'post',
  path: '/verify',
  'x-access': 'public',
  tags: ['auth'],
  summary: 'Verify the texted code and sign in (type sms)',
  request: {
    body: {
      required: true,
      content: {
        'application/json': {
          schema: z
            .object({
              phone: Phone,
              token: z.string().regex(/^\d{6}$/, 'The code has 6 digits'),
              type: z.literal('sms', { error: 'type must be sms' }),
            })
            .openapi('VerifyOtp'),
        },
      },
    },
  },
  responses: {
    200: { description: 'Signed in', content: { 'application/json': { schema: TokenResponse } } },
    ...errors({
      400: 'Invalid body',
      401: 'Wrong, expired or used code',
      403: 'Account disabled',
      429: 'Too many attempts',
    }),
  },
});
