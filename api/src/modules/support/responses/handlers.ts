import type { RouteHandler } from '@hono/zod-openapi';
import { currentUser } from '../../../platform/auth/middleware.js';
import { clientIp } from '../../../platform/http/client-ip.js';
import type { AppEnv } from '../../../platform/http/env.js';
import type { adminRespondRoute, respondRoute } from './routes.js';
import { respondAsAdmin, respondAsUser } from './service.js';

export const respond: RouteHandler<typeof respondRoute, AppEnv> = async (c) =>
  c.json(await respondAsUser(currentUser(c).id, c.req.valid('param').id, c.req.valid('form')), 201);
export const adminRespond: RouteHandler<typeof adminRespondRoute, AppEnv> = async (c) =>
  c.json(await respondAsAdmin(currentUser(c).id, c.req.valid('param').id, c.req.valid('form'), clientIp(c)), 201);
