import { createRoute, z } from '@hono/zod-openapi';
import { requireAdmin, requireAuth } from '../../platform/auth/middleware.js';
import { ErrorSchema } from '../../platform/http/schemas.js';

export const meRoute = createRoute({
  method: 'get',
  path: '/me',
  'x-access': 'user',
  tags: ['admin'],
  summary: 'Whether the caller is an admin (read from the database)',
  middleware: [requireAuth] as const,
  security: [{ bearer: [] }],
  responses: {
    200: { description: 'Admin flag', content: { 'application/json': { schema: z.object({ is_admin: z.boolean() }) } } },
    401: { description: 'Not signed in', content: { 'application/json': { schema: ErrorSchema } } },
  },
});

export const UsersQuery = z.object({
  q: z.string().trim().max(100, 'Search is at most 100 characters').optional()
    .openapi({ description: 'Case-insensitive substring of full name, e-mail or username' }),
});

export const UsersResponse = z.object({
  users: z.array(z.object({
    id: z.uuid(),
    full_name: z.string().nullable(),
    email: z.string(),
    username: z.string().nullable(),
    kyc_status: z.string(),
    is_admin: z.boolean(),
    created_at: z.string().openapi({ format: 'date-time' }),
  })),
}).openapi('AdminUsers');

export const usersRoute = createRoute({
  method: 'get',
  path: '/users',
  'x-access': 'admin',
  tags: ['admin'],
  summary: 'Users, newest first, with optional search (spec 001 §2 Admin Users)',
  middleware: [requireAdmin] as const,
  security: [{ bearer: [] }],
  request: { query: UsersQuery },
  responses: {
    200: { description: 'Users', content: { 'application/json': { schema: UsersResponse } } },
    400: { description: 'Invalid query', content: { 'application/json': { schema: ErrorSchema } } },
    401: { description: 'Not signed in', content: { 'application/json': { schema: ErrorSchema } } },
    403: { description: 'Not an admin', content: { 'application/json': { schema: ErrorSchema } } },
  },
});
