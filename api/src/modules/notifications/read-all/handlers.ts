import type { RouteHandler } from '@hono/zod-openapi';
import { currentUser } from '../../../platform/auth/middleware.js';
import type { AppEnv } from '../../../platform/http/env.js';
import { markAllRead } from '../notifications/service.js';
import type { readAllRoute } from './routes.js';

export const readAll: RouteHandler<typeof readAllRoute, AppEnv> = async (c) =>
  c.json(await markAllRead(currentUser(c).id), 200);
