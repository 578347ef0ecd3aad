import type { RouteHandler } from '@hono/zod-openapi';
import { currentUser } from '../../../platform/auth/middleware.js';
import type { AppEnv } from '../../../platform/http/env.js';
import { clientIp } from '../../../platform/http/client-ip.js';
import * as svc from './service.js';
import type { deleteAccountRoute } from './routes.js';

export const deleteAccount: RouteHandler<typeof deleteAccountRoute, AppEnv> = async (c) => {
  await svc.deleteOwnAccount(currentUser(c).id, c.req.valid('json').password, clientIp(c));
  return c.body(null, 204);
};
