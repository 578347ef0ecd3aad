import type { RouteHandler } from '@hono/zod-openapi';
import { currentUser } from '../../../platform/auth/middleware.js';
import type { AppEnv } from '../../../platform/http/env.js';
import type { securityActivityRoute } from './routes.js';
import { listSecurityActivity } from './service.js';

export const list: RouteHandler<typeof securityActivityRoute, AppEnv> = async (c) =>
  c.json({ events: await listSecurityActivity(currentUser(c).id) }, 200);
