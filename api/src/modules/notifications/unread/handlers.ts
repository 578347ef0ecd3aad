import type { RouteHandler } from '@hono/zod-openapi';
import { currentUser } from '../../../platform/auth/middleware.js';
import type { AppEnv } from '../../../platform/http/env.js';
import { unreadCount } from '../notifications/service.js';
import type { unreadRoute } from './routes.js';

export const unread: RouteHandler<typeof unreadRoute, AppEnv> = async (c) =>
  c.json({ unread: await unreadCount(currentUser(c).id) }, 200);
