import type { RouteHandler } from '@hono/zod-openapi';
import type { AppEnv } from '../../../platform/http/env.js';
import type { dashboardRoute } from './routes.js';
import { dashboard } from './service.js';

export const figures: RouteHandler<typeof dashboardRoute, AppEnv> = async (c) => c.json(await dashboard(), 200);
