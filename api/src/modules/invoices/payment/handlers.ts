import type { RouteHandler } from '@hono/zod-openapi';
import { currentUser } from '../../../platform/auth/middleware.js';
import type { AppEnv } from '../../../platform/http/env.js';
import { publicOrigin } from '../../../platform/http/origin.js';
import { idempotencyOf } from '../../../platform/idempotency/index.js';
import { stepUpRequiredForMove } from '../../../platform/second-factor/step-up.js';
import { tellPaid } from '../notify.js';
import type { payRoute, quoteRoute } from './routes.js';
import { payInvoice, quotePayment } from './service.js';

export const quote: RouteHandler<typeof quoteRoute, AppEnv> = async (c) => {
  const user = currentUser(c);
  const q = await quotePayment(user.id, c.req.valid('param').id);
  return c.json({ ...q, step_up_required: await stepUpRequiredForMove(user, { assetSymbol: q.asset.symbol, amount: q.amount }) }, 200);
};
export const pay: RouteHandler<typeof payRoute, AppEnv> = async (c) => {
  const { id } = c.req.valid('param');
  const answer = await payInvoice(currentUser(c), id, c.req.valid('json').pin, idempotencyOf(c));
  if (!answer.replayed && answer.status === 200) await tellPaid(id, publicOrigin(c));
  return c.json(answer.body as never, answer.status as 200);
};
