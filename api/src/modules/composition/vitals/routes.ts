import { createRoute, z } from '@hono/zod-openapi';
import { requireAuth } from '../../../platform/auth/middleware.js';
import { errorResponse as err, security } from '../../../platform/http/schemas.js';

/**
 * What the shell's health reporter sends about one remote's release in this page (docs/decisions.md
 * "Canary releases"): counts and web vitals only, nothing about the user, the URL or the error's text.
 */
export const VitalsReport = z
  .object({
    remote: z.string().regex(/^[a-z][a-z0-9-]{0,62}$/, 'Expected a remote name'),
    version: z.string().regex(/^[0-9A-Za-z][0-9A-Za-z.+_-]{0,99}$/, 'Expected a version'),
    session_start: z
      .boolean()
      .openapi({ description: "The page's first report about this release (counts a session)" }),
    error_session: z.boolean().openapi({
      description: "The page's first report with an error about this release (counts a session with an error)",
    }),
    errors: z.number().int().min(0).max(50, 'At most 50 errors a report.'),
    boundary_errors: z.number().int().min(0).max(50, 'At most 50 errors a report.'),
    vitals: z
      .array(
        z.object({
          name: z.enum(['LCP', 'INP', 'CLS']),
          value: z.number().min(0).max(600000, 'At most 600,000.'),
        }),
      )
      .max(6, 'At most 6 measurements a report.'),
  })
  .strict();

export const vitalsRoute = createRoute({
  method: 'post',
  path: '/vitals',
  tags: ['platform'],
  'x-access': 'user',
  security,
  summary:
    "Health of a remote's release in this browser (sessions, uncaught errors, error-boundary hits, LCP, INP, CLS), for a release this user is served; 30 a minute per user",
  middleware: [requireAuth] as const,
  request: { body: { required: true, content: { 'application/json': { schema: VitalsReport } } } },
  responses: {
    204: { description: 'Recorded' },
    400: err('Invalid report'),
    401: err('Not signed in'),
    404: err('No such release served to you'),
    429: err('Too many reports'),
  },
});
