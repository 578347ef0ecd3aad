import type { RouteHandler } from '@hono/zod-openapi';
import { currentUser } from '../../../platform/auth/middleware.js';
import type { AppEnv } from '../../../platform/http/env.js';
import type { listThreadsRoute, readRoute, showThreadRoute } from './routes.js';
import { listThreads, markRead, showThread } from './service.js';

export const list: RouteHandler<typeof listThreadsRoute, AppEnv> = async (c) => {
  const { q, cursor } = c.req.valid('query');
  const [at, id] = cursor ? cursor.split('_') : [];
  return c.json(
    await listThreads(currentUser(c).id, q || undefined, at && id ? { at: new Date(at), id } : undefined),
    200,
  );
};
export const show: RouteHandler<typeof showThreadRoute, AppEnv> = async (c) =>
  c.json(await showThread(currentUser(c).id, c.req.valid('param').id), 200);
export const read: RouteHandler<typeof readRoute, AppEnv> = async (c) =>
  c.json(await markRead(currentUser(c).id, c.req.valid('param').id, c.req.valid('json').seq), 200);
