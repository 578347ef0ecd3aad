import { createRoute, z } from '@hono/zod-openapi';

export const callbackRoute = createRoute({
  method: 'get',
  path: '/callback',
  'x-access': 'public',
  // The provider adds parameters of its own (scope, authuser, prompt, iss...): not ours to refuse.
  'x-query': 'open',
  tags: ['auth'],
  summary:
    'OAuth callback: exchanges the code, signs in, sets the refresh cookie, redirects to redirect_to; on failure to /auth?error=...&provider=...',
  request: {
    query: z.object({
      code: z.string().max(4096).optional(),
      state: z.string().max(256).optional(),
      error: z.string().max(256).optional(),
      error_description: z.string().max(1024).optional(),
    }),
  },
  responses: { 302: { description: 'Redirect to redirect_to (signed in) or to /auth with the error' } },
});
