import type { RouteHandler } from '@hono/zod-openapi';
import { currentUser } from '../../../platform/auth/middleware.js';
import type { AppEnv } from '../../../platform/http/env.js';
import { idempotencyOf } from '../../../platform/idempotency/index.js';
import { quoteSend, sendMoney } from '../../../platform/ledger/index.js';
import { sendAnswer } from '../send-answer.js';
import type { quoteRoute, transferRoute } from './routes.js';

export const quote: RouteHandler<typeof quoteRoute, AppEnv> = async (c) =>
  c.json(await quoteSend(currentUser(c).id, c.req.valid('query')), 200);

export const transfer: RouteHandler<typeof transferRoute, AppEnv> = async (c) => {
  const user = currentUser(c);
  const b = c.req.valid('json');
  return sendAnswer<typeof transferRoute>(c, await sendMoney({
    senderId: user.id, recipientEmail: b.recipientEmail ?? null, recipientId: b.recipientId ?? null,
    assetSymbol: b.assetSymbol, amount: b.amount, description: b.description ?? null, pin: b.pin,
    idempotency: idempotencyOf(c),
  }));
};
