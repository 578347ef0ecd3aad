import { createRoute, z } from '@hono/zod-openapi';
import { requireAuth } from '../../../platform/auth/middleware.js';
import { errorResponse as err } from '../../../platform/http/schemas.js';
import { json, security } from '../schemas.js';

// /skills: what Find work's skills filter offers (docs/product.md "Marketplace").
export const skillsRoute = createRoute({
  method: 'get',
  path: '/skills',
  tags: ['marketplace'],
  'x-access': 'user',
  security,
  summary: 'The distinct skills of open projects, sorted (at most 200)',
  middleware: [requireAuth] as const,
  responses: { 200: json('Skills', z.object({ skills: z.array(z.string()) })), 401: err('Not signed in') },
});
