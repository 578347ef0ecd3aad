import { createRoute, z } from '@hono/zod-openapi';
import { requireAuth } from '../../../platform/auth/middleware.js';
import { Money, errorResponse as err } from '../../../platform/http/schemas.js';
import { ContractSummary, MilestoneShape, IdParam, json, security } from '../schemas.js';

// /contracts/{id}: the contract page (both parties): milestones and every escrow movement.

const Movement = z.object({
  at: z.string().openapi({ format: 'date-time' }),
  kind: z.enum(['hold', 'release', 'refund']),
  amount: Money,
  fee: Money,
  milestone_id: z.uuid(),
  milestone_title: z.string(),
  label: z.string(),
  transaction_id: z.uuid(),
});

export const contractRoute = createRoute({
  method: 'get',
  path: '/contracts/{id}',
  tags: ['marketplace'],
  'x-access': 'owner',
  security,
  summary:
    'A contract for its client or freelancer: parties, asset, agreed amount, terms, milestones, escrow movements',
  middleware: [requireAuth] as const,
  request: { params: IdParam },
  responses: {
    200: json(
      'Contract',
      z.object({
        contract: ContractSummary,
        role: z.enum(['client', 'freelancer']),
        milestones: z.array(MilestoneShape),
        movements: z.array(Movement),
      }),
    ),
    401: err('Not signed in'),
    404: err('Contract not found or you do not have permission to view it.'),
  },
});
