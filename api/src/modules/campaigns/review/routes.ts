import { createRoute, z } from '@hono/zod-openapi';
import { requireAdmin, requireAuth } from '../../../platform/auth/middleware.js';
import { errorResponse as err } from '../../../platform/http/schemas.js';
import { CampaignShape, IdParam, json, security, text } from '../schemas.js';

// /review: admins decide on campaigns in review (approve -> active, reject with a reason), audited.
export const reviewQueueRoute = createRoute({
  method: 'get',
  path: '/review',
  tags: ['campaigns'],
  'x-access': 'admin',
  security,
  summary: 'Campaigns pending approval, oldest submission first',
  middleware: [requireAuth, requireAdmin] as const,
  responses: {
    200: json('Queue', z.object({ campaigns: z.array(CampaignShape) })),
    401: err('Not signed in'),
    403: err('Not an admin'),
  },
});

const decided = {
  200: json('Decided', z.object({ campaign: CampaignShape })),
  401: err('Not signed in'),
  403: err('Not an admin'),
  404: err('Campaign not found.'),
  409: err('Not pending approval'),
};

export const approveRoute = createRoute({
  method: 'post',
  path: '/review/{id}/approve',
  tags: ['campaigns'],
  'x-access': 'admin',
  security,
  summary: 'Approve a campaign in review: it goes live (active)',
  middleware: [requireAuth, requireAdmin] as const,
  request: { params: IdParam },
  responses: decided,
});

export const rejectRoute = createRoute({
  method: 'post',
  path: '/review/{id}/reject',
  tags: ['campaigns'],
  'x-access': 'admin',
  security,
  summary: 'Reject a campaign in review with a reason its owner sees (they may edit and resubmit)',
  middleware: [requireAuth, requireAdmin] as const,
  request: {
    params: IdParam,
    body: {
      required: true,
      content: {
        'application/json': {
          schema: z.object({
            reason: text(1000).pipe(z.string().min(1, 'Please give a reason the owner will see.')),
          }),
        },
      },
    },
  },
  responses: { ...decided, 400: err('Missing reason') },
});
