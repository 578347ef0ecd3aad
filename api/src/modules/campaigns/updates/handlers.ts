import type { RouteHandler } from '@hono/zod-openapi';
import { currentUser } from '../../../platform/auth/middleware.js';
import type { AppEnv } from '../../../platform/http/env.js';
import type { postUpdateRoute } from './routes.js';
import { postUpdate } from './service.js';

export const post: RouteHandler<typeof postUpdateRoute, AppEnv> = async (c) =>
  c.json(await postUpdate(currentUser(c).id, c.req.valid('param').id, c.req.valid('json')), 201);
