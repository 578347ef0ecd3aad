import { createRoute, z } from '@hono/zod-openapi';
import { requireAuth } from '../../../platform/auth/middleware.js';
import { errorResponse as err } from '../../../platform/http/schemas.js';
import { LimitAmount } from '../rules.js';
import { profileOk } from '../schemas.js';

export const LimitsBody = z
  .object({
    daily_transaction_limit: LimitAmount,
    weekly_transaction_limit: LimitAmount,
    monthly_transaction_limit: LimitAmount,
  })
  .strict()
  .openapi('TransactionLimits');

export const setLimitsRoute = createRoute({
  method: 'put',
  path: '/limits',
  'x-access': 'user',
  tags: ['profile'],
  summary: 'Set own daily/weekly/monthly transaction limits (dollars; null = Not Set) within the platform maximums',
  middleware: [requireAuth] as const,
  security: [{ bearer: [] }],
  request: { body: { required: true, content: { 'application/json': { schema: LimitsBody } } } },
  responses: { 200: profileOk, 400: err('Invalid or above the maximum'), 401: err('Not signed in') },
});
