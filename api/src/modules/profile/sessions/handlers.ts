import type { RouteHandler } from '@hono/zod-openapi';
import { currentUser } from '../../../platform/auth/middleware.js';
import type { AppEnv } from '../../../platform/http/env.js';
import * as svc from './service.js';
import type { listSessionsRoute, revokeSessionRoute } from './routes.js';

export const listSessions: RouteHandler<typeof listSessionsRoute, AppEnv> = async (c) => {
  const user = currentUser(c);
  return c.json({ sessions: await svc.listSessions(user.id, user.sid) }, 200);
};

export const revokeSession: RouteHandler<typeof revokeSessionRoute, AppEnv> = async (c) => {
  await svc.revokeSession(currentUser(c).id, c.req.valid('param').id);
  return c.body(null, 204);
};
