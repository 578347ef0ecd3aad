import { createRoute, z } from '@hono/zod-openapi';

export const logoutRoute = createRoute({
  method: 'post',
  path: '/logout',
  'x-access': 'public',
  tags: ['auth'],
  summary: 'Sign out: global revokes every session of the user, local only this one',
  security: [{ bearer: [] }],
  request: { query: z.object({ scope: z.enum(['global', 'local']).default('global') }) },
  responses: { 204: { description: 'Signed out; the refresh cookie is cleared' } },
});
