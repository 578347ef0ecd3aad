import { createRoute, z } from '@hono/zod-openapi';
import { errors } from '../schemas.js';
import { developmentOnly } from '../../../platform/http/development-only.js';

export const devOutboxRoute = createRoute({
  method: 'get',
  path: '/dev/outbox',
  'x-access': 'public',
  'x-development-only': true,
  middleware: [developmentOnly] as const,
  tags: ['auth'],
  summary:
    'Development only (404 when NODE_ENV=production or to a caller not on this machine): outbound e-mail and SMS written to the outbox, newest first',
  description:
    'Filter by `to` (the e-mail address or phone number the message went to; `recipient` is the same filter under its first name). Unknown parameters are refused (400).',
  request: {
    query: z.object({
      to: z.string().max(254).optional(),
      recipient: z.string().max(254).optional(),
      channel: z.enum(['email', 'sms']).optional(),
      limit: z.coerce.number().int().min(1).max(100).optional(),
    }),
  },
  responses: {
    200: {
      description: 'Messages',
      content: {
        'application/json': {
          schema: z.object({
            messages: z.array(
              z.object({
                id: z.string(),
                channel: z.enum(['email', 'sms']),
                recipient: z.string(),
                subject: z.string().nullable(),
                body: z.string(),
                created_at: z.string(),
                sent_at: z.string().nullable(),
              }),
            ),
          }),
        },
      },
    },
    ...errors({ 404: 'Off in production, and to callers not on this machine' }),
  },
});
