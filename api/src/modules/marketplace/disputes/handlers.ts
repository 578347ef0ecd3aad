import type { RouteHandler } from '@hono/zod-openapi';
import { currentUser } from '../../../platform/auth/middleware.js';
import type { AppEnv } from '../../../platform/http/env.js';
import { answerOrRefusal, idempotencyOf } from '../../../platform/idempotency/index.js';
import type { disputesRoute, resolveRoute } from './routes.js';
import { listDisputes, resolveDispute } from './service.js';

export const list: RouteHandler<typeof disputesRoute, AppEnv> = async (c) => c.json(await listDisputes(), 200);
export const resolve: RouteHandler<typeof resolveRoute, AppEnv> = async (c) => {
  const answer = await resolveDispute(
    currentUser(c).id,
    c.req.valid('param').milestoneId,
    c.req.valid('json'),
    idempotencyOf(c),
  );
  const { body, status } = answerOrRefusal(answer);
  return c.json(body, status);
};
