import type { RouteHandler } from '@hono/zod-openapi';
import type { AppEnv } from '../../../platform/http/env.js';
import type { booksCheckRoute, dashboardRoute } from './routes.js';
import { dashboard, runBooksCheck } from './service.js';

export const figures: RouteHandler<typeof dashboardRoute, AppEnv> = async (c) => c.json(await dashboard() as never, 200);
export const booksCheck: RouteHandler<typeof booksCheckRoute, AppEnv> = async (c) => c.json(await runBooksCheck() as never, 200);
