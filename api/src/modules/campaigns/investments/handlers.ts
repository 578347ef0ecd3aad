import type { RouteHandler } from '@hono/zod-openapi';
import { currentUser } from '../../../platform/auth/middleware.js';
import type { AppEnv } from '../../../platform/http/env.js';
import { answerOrRefusal, idempotencyOf } from '../../../platform/idempotency/index.js';
import type { cancelRoute, investRoute, quoteRoute } from './routes.js';
import { cancelInvestment, invest as investIn, quoteInvestment } from './service.js';

export const quote: RouteHandler<typeof quoteRoute, AppEnv> = async (c) =>
  c.json(await quoteInvestment(currentUser(c).id, c.req.valid('param').id, c.req.valid('query').amount), 200);

export const invest: RouteHandler<typeof investRoute, AppEnv> = async (c) => {
  const { amount, pin } = c.req.valid('json');
  const answer = await investIn(currentUser(c).id, c.req.valid('param').id, amount, pin, idempotencyOf(c));
  const { body, status } = answerOrRefusal(answer);
  return c.json(body, status);
};
export const cancel: RouteHandler<typeof cancelRoute, AppEnv> = async (c) => {
  const answer = await cancelInvestment(
    currentUser(c).id,
    c.req.valid('param').id,
    c.req.valid('json').pin,
    idempotencyOf(c),
  );
  const { body, status } = answerOrRefusal(answer);
  return c.json(body, status);
};
