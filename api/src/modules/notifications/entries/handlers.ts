import type { RouteHandler } from '@hono/zod-openapi';
import { currentUser } from '../../../platform/auth/middleware.js';
import type { AppEnv } from '../../../platform/http/env.js';
import type { listRoute, readAllRoute, readOneRoute, unreadRoute } from './routes.js';
import { listNotifications, markAllRead, markRead, unreadCount } from './service.js';

export const list: RouteHandler<typeof listRoute, AppEnv> = async (c) =>
  c.json(await listNotifications(currentUser(c).id, c.req.valid('query').cursor), 200);

export const unread: RouteHandler<typeof unreadRoute, AppEnv> = async (c) =>
  c.json({ unread: await unreadCount(currentUser(c).id) }, 200);

export const readOne: RouteHandler<typeof readOneRoute, AppEnv> = async (c) =>
  c.json(await markRead(currentUser(c).id, c.req.valid('param').id), 200);

export const readAll: RouteHandler<typeof readAllRoute, AppEnv> = async (c) =>
  c.json(await markAllRead(currentUser(c).id), 200);
