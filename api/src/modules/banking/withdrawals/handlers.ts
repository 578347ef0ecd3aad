import type { RouteHandler } from '@hono/zod-openapi';
import { currentUser } from '../../../platform/auth/middleware.js';
import type { AppEnv } from '../../../platform/http/env.js';
import { idempotencyOf } from '../../../platform/idempotency/index.js';
import type { quoteRoute, withdrawRoute } from './routes.js';
import { quoteWithdrawal, requestWithdrawal } from './service.js';

export const quote: RouteHandler<typeof quoteRoute, AppEnv> = async (c) =>
  c.json(await quoteWithdrawal(currentUser(c), c.req.valid('query')), 200);
export const withdraw: RouteHandler<typeof withdrawRoute, AppEnv> = async (c) => {
  const { pin, ...input } = c.req.valid('json');
  const answer = await requestWithdrawal(currentUser(c), input, pin, idempotencyOf(c));
  return c.json(answer, 201);
};
