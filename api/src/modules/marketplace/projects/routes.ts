import { createRoute, z } from '@hono/zod-openapi';
import { requireAuth } from '../../../platform/auth/middleware.js';
import { errorResponse as err } from '../../../platform/http/schemas.js';
import { notPastDate } from '../../../platform/http/fields.js';
import { AmountInput, REQUIRED, ProjectShape, ProposalShape, IdParam, json, security, text } from '../schemas.js';

// /projects: find work (search), post, show and edit a project.

const required = (max: number) => text(max).pipe(z.string().min(1, REQUIRED));
export const ProjectInput = z
  .object({
    title: required(200),
    description: required(5000),
    skills: text(1000).openapi({
      description: 'Comma separated; trimmed, empties dropped',
      example: 'React, TypeScript',
    }),
    budget_amount: AmountInput(REQUIRED),
    budget_type: z.enum(['fixed', 'hourly'], 'Choose fixed or hourly.'),
    budget_currency: z.uuid({ error: REQUIRED }),
    deadline: notPastDate('The deadline cannot be in the past.').nullish(),
  })
  .openapi('ProjectInput');

export const FindWorkQuery = z.object({
  q: text(100).optional().openapi({ description: 'Words of the title, description or skills (prefixes match)' }),
  budget_type: z
    .string()
    .max(20)
    .regex(/^(fixed|hourly)(,(fixed|hourly))?$/, 'Use fixed, hourly or both.')
    .optional()
    .openapi({ description: 'fixed, hourly or fixed,hourly' }),
  skills: text(500).optional().openapi({ description: 'Comma separated; a project matches when it needs any of them' }),
  cursor: z
    .string()
    .max(100)
    .regex(/^[\w.:-]+$/, 'Invalid cursor.')
    .optional(),
});

export const findWorkRoute = createRoute({
  method: 'get',
  path: '/projects',
  tags: ['marketplace'],
  'x-access': 'user',
  security,
  summary:
    'Open projects, newest first, 9 a page: text search over title, description and skills; budget type and skills filters',
  middleware: [requireAuth] as const,
  request: { query: FindWorkQuery },
  responses: {
    200: json('A page of projects', z.object({ projects: z.array(ProjectShape), next_cursor: z.string().nullable() })),
    400: err('Invalid filter'),
    401: err('Not signed in'),
  },
});

export const postProjectRoute = createRoute({
  method: 'post',
  path: '/projects',
  tags: ['marketplace'],
  'x-access': 'user',
  security,
  summary: 'Post a project (status open)',
  middleware: [requireAuth] as const,
  request: { body: { required: true, content: { 'application/json': { schema: ProjectInput } } } },
  responses: {
    201: json('Posted', z.object({ project: ProjectShape })),
    400: err('Missing or invalid fields'),
    401: err('Not signed in'),
  },
});

export const projectRoute = createRoute({
  method: 'get',
  path: '/projects/{id}',
  tags: ['marketplace'],
  'x-access': 'user',
  security,
  summary: 'A project; its client also gets the proposals, anyone else their own live proposal',
  middleware: [requireAuth] as const,
  request: { params: IdParam },
  responses: {
    200: json(
      'Project',
      z.object({
        project: ProjectShape,
        role: z.enum(['client', 'visitor']),
        proposals: z.array(ProposalShape),
        my_proposal: ProposalShape.nullable(),
      }),
    ),
    401: err('Not signed in'),
    404: err('Project not found.'),
  },
});

export const editProjectRoute = createRoute({
  method: 'patch',
  path: '/projects/{id}',
  tags: ['marketplace'],
  'x-access': 'owner',
  security,
  summary: 'Edit a project: its client only, only while open',
  middleware: [requireAuth] as const,
  request: { params: IdParam, body: { required: true, content: { 'application/json': { schema: ProjectInput } } } },
  responses: {
    200: json('Edited', z.object({ project: ProjectShape })),
    400: err('Missing or invalid fields'),
    401: err('Not signed in'),
    404: err('Project not found.'),
    409: err('Not open any more'),
  },
});
