import type { RouteHandler } from '@hono/zod-openapi';
import { currentUser } from '../../../platform/auth/middleware.js';
import type { AppEnv } from '../../../platform/http/env.js';
import type { likeRoute } from './routes.js';
import { toggleLike } from './service.js';

export const toggle: RouteHandler<typeof likeRoute, AppEnv> = async (c) =>
  c.json(await toggleLike(currentUser(c).id, c.req.valid('param').id), 200);
