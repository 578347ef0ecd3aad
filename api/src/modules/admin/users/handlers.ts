import type { RouteHandler } from '@hono/zod-openapi';
import { currentUser } from '../../../platform/auth/middleware.js';
import { clientIp } from '../../../platform/http/client-ip.js';
import type { AppEnv } from '../../../platform/http/env.js';
import type { deleteUserRoute, kycResetRoute, updateUserRoute, usersRoute } from './routes.js';
import * as svc from './service.js';

export const users: RouteHandler<typeof usersRoute, AppEnv> = async (c) => {
  const { q, include_deleted } = c.req.valid('query');
  return c.json({ users: await svc.listUsers(q, include_deleted === 'true') }, 200);
};

export const updateUser: RouteHandler<typeof updateUserRoute, AppEnv> = async (c) =>
  c.json(await svc.updateUser(currentUser(c).id, c.req.valid('param').id, c.req.valid('json'), clientIp(c)), 200);

export const deleteUser: RouteHandler<typeof deleteUserRoute, AppEnv> = async (c) => {
  await svc.deleteUser(currentUser(c).id, c.req.valid('param').id, clientIp(c));
  return c.body(null, 204);
};

export const kycReset: RouteHandler<typeof kycResetRoute, AppEnv> = async (c) =>
  c.json(await svc.resetKyc(currentUser(c).id, c.req.valid('param').id, clientIp(c)), 200);
