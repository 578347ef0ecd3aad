import { createRoute, z } from '@hono/zod-openapi';
import { requireAdmin } from '../../../platform/auth/middleware.js';
import { errorResponse as err, json, security } from '../../../platform/http/schemas.js';

/** Canary releases on the admin's Releases page (docs/decisions.md "Canary releases"). */
export const adminOnly = { 401: err('Not signed in'), 403: err('Not an admin') };

const Health = z
  .object({
    sessions: z.number().int(),
    error_sessions: z.number().int(),
    errors: z.number().int(),
    boundary_errors: z.number().int(),
    load_failures: z.number().int(),
    error_rate: z.number().nullable().openapi({ description: 'Sessions with an error / sessions (a fraction)' }),
    load_failure_rate: z.number().nullable().openapi({ description: 'Load failures / (sessions + load failures)' }),
    lcp_p75_ms: z.number().nullable(),
    inp_p75_ms: z.number().nullable(),
    cls_p75: z.number().nullable(),
  })
  .openapi('ReleaseHealth');

const Comparison = z
  .object({
    since: z.string(),
    canary: Health,
    current: Health,
    judgement: z.object({
      verdict: z.enum(['too_few_sessions', 'worse', 'no_worse']),
      error_rate_excess: z
        .number()
        .openapi({ description: "Lower bound (95 %) of the canary's error rate minus the current release's" }),
      load_failure_excess: z.number(),
      reasons: z.array(z.string()),
    }),
  })
  .openapi('CanaryComparison');

export const Rule = z
  .object({
    enabled: z.boolean(),
    min_sessions: z
      .number()
      .int('Enter a whole number.')
      .min(1, 'At least 1 session.')
      .max(100000, 'At most 100,000 sessions.'),
    error_rate_margin: z.number().min(0, 'Between 0 and 1.').max(1, 'Between 0 and 1.'),
    load_failure_margin: z.number().min(0, 'Between 0 and 1.').max(1, 'Between 0 and 1.'),
  })
  .openapi('RollbackRule');

export const canariesRoute = createRoute({
  method: 'get',
  path: '/releases/canaries',
  tags: ['platform'],
  'x-access': 'admin',
  security,
  summary:
    'Per remote: its automatic rollback rule, its running canary beside the current release (health from browsers since the canary started, at most a day, and the verdict), its last ended canary with the figures',
  middleware: [requireAdmin] as const,
  responses: {
    200: json(
      'Canaries',
      z.object({
        remotes: z.array(
          z.object({
            remote: z.string(),
            rule: Rule,
            running: z
              .object({
                release_id: z.uuid(),
                version: z.string(),
                percent: z.number().int(),
                started_at: z.string(),
                current_version: z.string(),
                comparison: Comparison,
              })
              .nullable(),
            last: z
              .object({
                release_id: z.uuid(),
                version: z.string(),
                outcome: z.string(),
                ended_at: z.string(),
                by_system: z.boolean(),
                current_version: z
                  .string()
                  .nullable()
                  .openapi({ description: 'The current release it was judged against (an automatic rollback)' }),
                figures: Comparison.nullable(),
              })
              .nullable(),
          }),
        ),
      }),
    ),
    ...adminOnly,
  },
});

export const canaryShareRoute = createRoute({
  method: 'put',
  path: '/releases/{id}/canary',
  tags: ['platform'],
  'x-access': 'admin',
  security,
  summary:
    "Serve a release to a share of signed-in users (sticky per user) beside its remote's current release: 1-99 starts or changes the canary, 100 promotes it to everyone, 0 rolls it back (audited; every API process serves it at once)",
  middleware: [requireAdmin] as const,
  request: {
    params: z.object({ id: z.uuid('Unknown release') }),
    body: {
      required: true,
      content: {
        'application/json': {
          schema: z.object({
            percent: z
              .number()
              .int('Enter a whole number.')
              .min(0, 'Between 0 and 100.')
              .max(100, 'Between 0 and 100.'),
            expected_current_id: z
              .uuid()
              .nullable()
              .openapi({ description: 'The current release the admin saw; 409 when it changed meanwhile' }),
          }),
        },
      },
    },
  },
  responses: {
    200: json(
      'Canary changed',
      z.object({
        action: z.enum(['canary', 'promote', 'rollback']),
        remote: z.string(),
        version: z.string(),
        percent: z.number().int(),
      }),
    ),
    400: err('Invalid request'),
    404: err('Release not found'),
    409: err('Already current, another canary runs, not a canary, or the current release changed meanwhile'),
    ...adminOnly,
  },
});
