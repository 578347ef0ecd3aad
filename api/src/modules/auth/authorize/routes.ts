import { createRoute, z } from '@hono/zod-openapi';
import { errors } from '../schemas.js';

export const authorizeRoute = createRoute({
  method: 'get',
  path: '/authorize',
  'x-access': 'public',
  tags: ['auth'],
  summary: 'Start OAuth sign-in (google, facebook): redirect to the provider with state, PKCE S256 and nonce',
  request: {
    query: z.object({
      provider: z.enum(['google', 'facebook']),
      redirect_to: z.string().max(2048).optional().openapi({ description: 'A URL on this origin; default /dashboard' }),
    }),
  },
  responses: {
    302: { description: "Redirect to the provider's authorization endpoint" },
    ...errors({ 400: 'Unknown or unconfigured provider, or redirect_to on another origin' }),
  },
});
