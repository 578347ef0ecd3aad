import type { RouteHandler } from '@hono/zod-openapi';
import { currentUser } from '../../../platform/auth/middleware.js';
import type { AppEnv } from '../../../platform/http/env.js';
import type { approveRoute, rejectRoute, reviewQueueRoute } from './routes.js';
import { decide, reviewQueue } from './service.js';

export const queue: RouteHandler<typeof reviewQueueRoute, AppEnv> = async (c) => c.json(await reviewQueue(), 200);
export const approve: RouteHandler<typeof approveRoute, AppEnv> = async (c) =>
  c.json(await decide(currentUser(c).id, c.req.valid('param').id, 'approve', null), 200);
export const reject: RouteHandler<typeof rejectRoute, AppEnv> = async (c) =>
  c.json(await decide(currentUser(c).id, c.req.valid('param').id, 'reject', c.req.valid('json').reason), 200);
