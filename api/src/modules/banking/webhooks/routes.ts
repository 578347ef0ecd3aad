import { createRoute, z } from '@hono/zod-openapi';
import { errorResponse as err } from '../../../platform/http/schemas.js';
import { json } from '../schemas.js';

// /webhooks/plaid: Plaid's webhooks. No session: each one is verified (Plaid-Verification JWT) and
// taken only as a signal to ask Plaid itself (transfer event sync), as Plaid advises.

export const plaidWebhookRoute = createRoute({
  method: 'post',
  path: '/webhooks/plaid',
  tags: ['banking'],
  'x-access': 'public',
  summary:
    'Plaid webhooks: TRANSFER_EVENTS_UPDATE -> /transfer/event/sync after the last event applied; ITEM errors -> the accounts need a new sign-in',
  request: { headers: z.object({ 'plaid-verification': z.string().max(4096).optional() }) },
  responses: {
    200: json('Received', z.object({ received: z.boolean() })),
    400: err('Not JSON'),
    401: err('Webhook verification failed.'),
  },
});
