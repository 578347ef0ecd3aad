import { createRoute, z } from '@hono/zod-openapi';
import { requireAuth } from '../../../platform/auth/middleware.js';
import { errorResponse as err } from '../../../platform/http/schemas.js';
import { AmountInput, REQUIRED, ProposalShape, IdParam, json, security, text } from '../schemas.js';

// /projects/{id}/proposals and /proposals/{id}/...: propose, accept (the contract), reject, withdraw.

export const ProposalInput = z
  .object({
    proposal_text: text(5000).pipe(z.string().min(1, REQUIRED)),
    proposed_amount: AmountInput()
      .nullish()
      .or(z.literal('').transform(() => null)),
    estimated_duration_days: z
      .number({ error: 'Enter a whole number of days.' })
      .int('Enter a whole number of days.')
      .min(1, 'At least 1 day.')
      .max(3650, 'At most 3650 days.')
      .nullish(),
  })
  .openapi('ProposalInput');

export const proposeRoute = createRoute({
  method: 'post',
  path: '/projects/{id}/proposals',
  tags: ['marketplace'],
  'x-access': 'user',
  security,
  summary: 'Send a proposal: a signed-in non-owner, on an open project, without a live proposal of theirs',
  middleware: [requireAuth] as const,
  request: { params: IdParam, body: { required: true, content: { 'application/json': { schema: ProposalInput } } } },
  responses: {
    201: json('Submitted', z.object({ proposal: ProposalShape })),
    400: err('Missing or invalid fields'),
    401: err('Not signed in'),
    403: err("The project is the caller's own"),
    404: err('Project not found.'),
    409: err('Not open, or a live proposal exists'),
  },
});

const action = (verb: 'accept' | 'reject' | 'withdraw', summary: string, body: z.ZodType) =>
  createRoute({
    method: 'post',
    path: `/proposals/{id}/${verb}`,
    tags: ['marketplace'],
    'x-access': 'owner',
    security,
    summary,
    middleware: [requireAuth] as const,
    request: { params: IdParam },
    responses: {
      200: json('Done', body),
      401: err('Not signed in'),
      404: err('No such proposal for the caller'),
      409: err('Not in a state that allows it'),
    },
  });

export const acceptRoute = action(
  'accept',
  "The project's client accepts a submitted proposal of an open project, in ONE transaction: proposal accepted, project in_progress, contract created, other submitted proposals rejected",
  z.object({ contract_id: z.uuid() }),
);
export const rejectRoute = action(
  'reject',
  "The project's client rejects a submitted proposal of an open project",
  z.object({ proposal: ProposalShape }),
);
export const withdrawRoute = action(
  'withdraw',
  'The freelancer withdraws their own submitted proposal (they may propose again)',
  z.object({ proposal: ProposalShape }),
);
