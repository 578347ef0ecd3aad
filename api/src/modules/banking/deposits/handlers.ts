import type { RouteHandler } from '@hono/zod-openapi';
import { currentUser } from '../../../platform/auth/middleware.js';
import type { AppEnv } from '../../../platform/http/env.js';
import { idempotencyOf } from '../../../platform/idempotency/index.js';
import type { depositRoute, quoteRoute } from './routes.js';
import { quoteDeposit, requestDeposit } from './service.js';

export const quote: RouteHandler<typeof quoteRoute, AppEnv> = async (c) =>
  c.json(await quoteDeposit(currentUser(c).id, c.req.valid('query')), 200);

export const deposit: RouteHandler<typeof depositRoute, AppEnv> = async (c) => {
  const { pin, ...input } = c.req.valid('json');
  const answer = await requestDeposit(currentUser(c).id, input, pin, idempotencyOf(c));
  return c.json(answer, 201);
};
