import { createRoute, z } from '@hono/zod-openapi';

export const confirmRoute = createRoute({
  method: 'get',
  path: '/confirm',
  'x-access': 'public',
  tags: ['auth'],
  summary:
    'E-mail confirmation link: marks the e-mail confirmed, redirects to /auth?confirmed=1 (or ?confirm_error=...)',
  request: { query: z.object({ token: z.string().optional() }) },
  responses: { 302: { description: 'Redirect to /auth with the outcome' } },
});
