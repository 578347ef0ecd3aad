import { createRoute, z } from '@hono/zod-openapi';
import { requireAdmin, requireAuth } from '../../../platform/auth/middleware.js';
import { errorResponse as err } from '../../../platform/http/schemas.js';
import { idempotency } from '../../../platform/idempotency/index.js';
import {
  AmountInput,
  AssetRef,
  IdemHeader,
  MilestoneIdParam,
  MilestoneShape,
  Party,
  json,
  security,
  text,
} from '../schemas.js';

// /disputes: admins see disputed milestones and resolve them (release, refund or split), audited.

export const disputesRoute = createRoute({
  method: 'get',
  path: '/disputes',
  tags: ['marketplace'],
  'x-access': 'admin',
  security,
  summary: 'Disputed milestones, oldest first, with both parties and the reason',
  middleware: [requireAuth, requireAdmin] as const,
  responses: {
    200: json(
      'Disputes',
      z.object({
        disputes: z.array(
          z.object({
            milestone: MilestoneShape,
            contract: z.object({
              id: z.uuid(),
              project_title: z.string(),
              client: Party,
              freelancer: Party,
              asset: AssetRef,
            }),
          }),
        ),
      }),
    ),
    401: err('Not signed in'),
    403: err('Not an admin'),
  },
});

export const ResolveInput = z
  .object({
    outcome: z.enum(['release', 'refund', 'split'], 'Choose release, refund or split.'),
    freelancer_amount: AmountInput().nullish().openapi({
      description: 'split only: what the freelancer gets (before the 1% fee); the rest returns to the client',
    }),
    note: text(2000).pipe(z.string().min(1, 'Please write a note for both parties.')),
  })
  .openapi('DisputeResolution');

export const resolveRoute = createRoute({
  method: 'post',
  path: '/disputes/{milestoneId}/resolve',
  tags: ['marketplace'],
  'x-access': 'admin',
  security,
  summary:
    'An admin resolves a disputed milestone: release to the freelancer (minus 1%), refund to the client, or split; one transaction with its audit entry',
  middleware: [requireAuth, requireAdmin, idempotency()] as const,
  request: {
    params: MilestoneIdParam,
    headers: IdemHeader,
    body: { required: true, content: { 'application/json': { schema: ResolveInput } } },
  },
  responses: {
    200: json('Resolved', z.object({ milestone: MilestoneShape })),
    400: err('Invalid outcome or amount'),
    401: err('Not signed in'),
    403: err('Not an admin'),
    404: err('Milestone not found.'),
    409: err('Not disputed'),
  },
});
