import type { RouteHandler } from '@hono/zod-openapi';
import { currentUser } from '../../../platform/auth/middleware.js';
import type { AppEnv } from '../../../platform/http/env.js';
import type { contractRoute } from './routes.js';
import { showContract } from './service.js';

export const show: RouteHandler<typeof contractRoute, AppEnv> = async (c) =>
  c.json(await showContract(currentUser(c).id, c.req.valid('param').id), 200);
