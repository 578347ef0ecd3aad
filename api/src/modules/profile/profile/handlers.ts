import type { RouteHandler } from '@hono/zod-openapi';
import { currentUser } from '../../../platform/auth/middleware.js';
import type { AppEnv } from '../../../platform/http/env.js';
import * as svc from './service.js';
import type { getProfileRoute, updateProfileRoute } from './routes.js';

export const getProfile: RouteHandler<typeof getProfileRoute, AppEnv> = async (c) =>
  c.json(await svc.getProfile(currentUser(c).id), 200);

export const updateProfile: RouteHandler<typeof updateProfileRoute, AppEnv> = async (c) =>
  c.json(await svc.updateProfile(currentUser(c).id, c.req.valid('json')), 200);
