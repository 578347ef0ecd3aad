import { createRoute, z } from '@hono/zod-openapi';
import { Phone, errors } from '../schemas.js';

export const otpRoute = createRoute({
  method: 'post',
  path: '/otp',
  'x-access': 'public',
  tags: ['auth'],
  summary: 'Text a 6-digit sign-in code (valid 5 minutes) to the phone of an account',
  description:
    'The answer is the same whether or not the phone belongs to an account. One code per minute and five per hour per phone.',
  request: {
    body: {
      required: true,
      content: { 'application/json': { schema: z.object({ phone: Phone }).openapi('OtpRequest') } },
    },
  },
  responses: {
    200: {
      description: 'Code sent if the phone belongs to an account',
      content: { 'application/json': { schema: z.object({ sent: z.literal(true), expires_in: z.number().int() }) } },
    },
    ...errors({ 400: 'Invalid phone', 429: 'Resend throttled or too many codes' }),
  },
});
