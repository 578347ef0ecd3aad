import type { RouteHandler } from '@hono/zod-openapi';
import { currentUser } from '../../../platform/auth/middleware.js';
import type { AppEnv } from '../../../platform/http/env.js';
import type { unreadRoute } from './routes.js';
import { unreadTotal } from './service.js';

export const total: RouteHandler<typeof unreadRoute, AppEnv> = async (c) =>
  c.json(await unreadTotal(currentUser(c).id), 200);
