import type { RouteHandler } from '@hono/zod-openapi';
import { currentUser } from '../../../platform/auth/middleware.js';
import type { AppEnv } from '../../../platform/http/env.js';
import type { listRoute, reconnectedRoute, unlinkRoute } from './routes.js';
import { listAccounts, reconnected as markReconnected, unlinkAccount } from './service.js';

export const list: RouteHandler<typeof listRoute, AppEnv> = async (c) =>
  c.json(await listAccounts(currentUser(c).id), 200);
export const unlink: RouteHandler<typeof unlinkRoute, AppEnv> = async (c) =>
  c.json(await unlinkAccount(currentUser(c).id, c.req.valid('param').id), 200);
export const reconnected: RouteHandler<typeof reconnectedRoute, AppEnv> = async (c) =>
  c.json(await markReconnected(currentUser(c).id, c.req.valid('param').id), 200);
