import type { RouteHandler } from '@hono/zod-openapi';
import { currentUser } from '../../../platform/auth/middleware.js';
import type { AppEnv } from '../../../platform/http/env.js';
import type { userSearchRoute } from './routes.js';
import { searchUsers } from './service.js';

export const search: RouteHandler<typeof userSearchRoute, AppEnv> = async (c) =>
  c.json(await searchUsers(currentUser(c).id, c.req.valid('query').q), 200);
