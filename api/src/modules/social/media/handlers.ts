import type { RouteHandler } from '@hono/zod-openapi';
import type { AppEnv } from '../../../platform/http/env.js';
import type { mediaRoute } from './routes.js';
import { mediaFile } from './service.js';

export const file: RouteHandler<typeof mediaRoute, AppEnv> = async (c) => mediaFile(c.req.valid('param').key);
