import type { RouteHandler } from '@hono/zod-openapi';
import { currentUser } from '../../../platform/auth/middleware.js';
import type { AppEnv } from '../../../platform/http/env.js';
import type { listRoute, readOneRoute } from './routes.js';
import { listNotifications, markRead } from './service.js';

export const list: RouteHandler<typeof listRoute, AppEnv> = async (c) =>
  c.json(await listNotifications(currentUser(c).id, c.req.valid('query').cursor), 200);

export const readOne: RouteHandler<typeof readOneRoute, AppEnv> = async (c) =>
  c.json(await markRead(currentUser(c).id, c.req.valid('param').id), 200);
