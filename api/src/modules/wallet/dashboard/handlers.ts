import type { RouteHandler } from '@hono/zod-openapi';
import { currentUser } from '../../../platform/auth/middleware.js';
import type { AppEnv } from '../../../platform/http/env.js';
import type { dashboardRoute } from './routes.js';
import { loadDashboard } from './service.js';

export const dashboard: RouteHandler<typeof dashboardRoute, AppEnv> = async (c) =>
  c.json(await loadDashboard(currentUser(c).id), 200);
