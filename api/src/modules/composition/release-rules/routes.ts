import { createRoute, z } from '@hono/zod-openapi';
import { requireAdmin } from '../../../platform/auth/middleware.js';
import { errorResponse as err, json, security } from '../../../platform/http/schemas.js';
import { adminOnly, Rule } from '../canaries/routes.js';

/** A remote's automatic rollback rule, judged on its canaries' health (canaries/, docs/decisions.md "Canary releases"). */
export const ruleRoute = createRoute({
  method: 'put',
  path: '/release-rules/{remote}',
  tags: ['platform'],
  'x-access': 'admin',
  security,
  summary:
    "A remote's automatic rollback rule: its canary goes to 0 % by itself when its error rate or load failures exceed the current release's by the margin beyond noise, after the minimum of sessions (audited)",
  middleware: [requireAdmin] as const,
  request: {
    params: z.object({ remote: z.string().regex(/^[a-z][a-z0-9-]{0,62}$/, 'Expected a remote name') }),
    body: { required: true, content: { 'application/json': { schema: Rule } } },
  },
  responses: { 200: json('Rule saved', Rule), 400: err('Invalid request'), 404: err('No such remote'), ...adminOnly },
});
