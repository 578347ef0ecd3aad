import { createRoute, z } from '@hono/zod-openapi';
import { requireAuth } from '../../../platform/auth/middleware.js';
import { errorResponse as err } from '../../../platform/http/schemas.js';
import { ContractSummary, ProjectShape, ProposalShape, json, security } from '../schemas.js';

// /my/...: the three tabs of My projects (As Client, As Freelancer (Active), As Freelancer (Proposals)), newest first, 100 each.

const mine = (path: string, summary: string, body: z.ZodType) =>
  createRoute({
    method: 'get',
    path,
    tags: ['marketplace'],
    'x-access': 'user',
    security,
    summary,
    middleware: [requireAuth] as const,
    responses: { 200: json('List', body), 401: err('Not signed in') },
  });

export const myProjectsRoute = mine(
  '/my/projects',
  "The caller's projects as client",
  z.object({ projects: z.array(ProjectShape) }),
);
export const myContractsRoute = mine(
  '/my/contracts',
  "The caller's contracts as freelancer",
  z.object({ contracts: z.array(ContractSummary) }),
);
export const myProposalsRoute = mine(
  '/my/proposals',
  "The caller's proposals with their project",
  z.object({
    proposals: z.array(
      ProposalShape.extend({ project: z.object({ id: z.uuid(), title: z.string(), status: z.string() }) }),
    ),
  }),
);
