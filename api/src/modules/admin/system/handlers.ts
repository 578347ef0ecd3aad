import type { RouteHandler } from '@hono/zod-openapi';
import type { AppEnv } from '../../../platform/http/env.js';
import type { systemRoute } from './routes.js';
import { systemFigures } from './service.js';

export const system: RouteHandler<typeof systemRoute, AppEnv> = async (c) => c.json(await systemFigures(), 200);
