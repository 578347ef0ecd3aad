import type { RouteHandler } from '@hono/zod-openapi';
import { currentUser } from '../../../platform/auth/middleware.js';
import type { AppEnv } from '../../../platform/http/env.js';
import { idempotencyOf } from '../../../platform/idempotency/index.js';
import type { depositRoute } from './routes.js';
import { requestDeposit } from './service.js';

export const deposit: RouteHandler<typeof depositRoute, AppEnv> = async (c) => {
  const { pin, ...input } = c.req.valid('json');
  const answer = await requestDeposit(currentUser(c).id, input, pin, idempotencyOf(c));
  return c.json(answer.body as never, answer.status as 201);
};
