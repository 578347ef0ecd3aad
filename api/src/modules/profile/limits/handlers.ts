import type { RouteHandler } from '@hono/zod-openapi';
import { currentUser } from '../../../platform/auth/middleware.js';
import type { AppEnv } from '../../../platform/http/env.js';
import * as svc from './service.js';
import type { setLimitsRoute } from './routes.js';

export const setLimits: RouteHandler<typeof setLimitsRoute, AppEnv> = async (c) =>
  c.json(await svc.setLimits(currentUser(c).id, c.req.valid('json')), 200);
