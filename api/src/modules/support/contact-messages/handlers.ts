import type { RouteHandler } from '@hono/zod-openapi';
import { currentUser } from '../../../platform/auth/middleware.js';
import { clientIp } from '../../../platform/http/client-ip.js';
import type { AppEnv } from '../../../platform/http/env.js';
import type { contactMessagesRoute, markHandledRoute } from './routes.js';
import { contactMessages, markHandled } from './service.js';

export const list: RouteHandler<typeof contactMessagesRoute, AppEnv> = async (c) => {
  const { handled, cursor } = c.req.valid('query');
  return c.json(await contactMessages(handled === undefined ? undefined : handled === 'true', cursor), 200);
};
export const handle: RouteHandler<typeof markHandledRoute, AppEnv> = async (c) =>
  c.json(await markHandled(currentUser(c).id, c.req.valid('param').id, c.req.valid('json').handled, clientIp(c)), 200);
