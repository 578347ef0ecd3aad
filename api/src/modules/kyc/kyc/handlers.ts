import type { RouteHandler } from '@hono/zod-openapi';
import { currentUser } from '../../../platform/auth/middleware.js';
import type { AppEnv } from '../../../platform/http/env.js';
import type { getKycRoute } from './routes.js';
import * as svc from './service.js';

export const getKyc: RouteHandler<typeof getKycRoute, AppEnv> = async (c) =>
  c.json(await svc.getKyc(currentUser(c).id), 200);
