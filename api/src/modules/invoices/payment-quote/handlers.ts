import type { RouteHandler } from '@hono/zod-openapi';
import { currentUser } from '../../../platform/auth/middleware.js';
import type { AppEnv } from '../../../platform/http/env.js';
import { stepUpRequiredForMove } from '../../../platform/second-factor/step-up.js';
import { quotePayment } from '../pay/service.js';
import type { quoteRoute } from './routes.js';

export const quote: RouteHandler<typeof quoteRoute, AppEnv> = async (c) => {
  const user = currentUser(c);
  const q = await quotePayment(user.id, c.req.valid('param').id);
  return c.json(
    { ...q, step_up_required: await stepUpRequiredForMove(user, { assetSymbol: q.asset.symbol, amount: q.amount }) },
    200,
  );
};
