import type { RouteHandler } from '@hono/zod-openapi';
import { currentUser, isAdmin } from '../../platform/auth/middleware.js';
import type { AppEnv } from '../../platform/http/env.js';
import type { meRoute, usersRoute } from './routes.js';
import { listUsers } from './service.js';

export const me: RouteHandler<typeof meRoute, AppEnv> = async (c) =>
  c.json({ is_admin: await isAdmin(currentUser(c).id) }, 200);

export const users: RouteHandler<typeof usersRoute, AppEnv> = async (c) =>
  c.json({ users: await listUsers(c.req.valid('query').q) }, 200);
