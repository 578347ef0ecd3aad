import type { RouteHandler } from '@hono/zod-openapi';
import { currentUser } from '../../../platform/auth/middleware.js';
import type { AppEnv } from '../../../platform/http/env.js';
import { idempotencyOf } from '../../../platform/idempotency/index.js';
import { quoteSend, sendMoney } from '../../../platform/ledger/index.js';
import { stepUpRequiredForMove, stepUpTerms } from '../../../platform/second-factor/step-up.js';
import { sendAnswer } from '../send-answer.js';
import type { quoteRoute, transferRoute } from './routes.js';

export const quote: RouteHandler<typeof quoteRoute, AppEnv> = async (c) => {
  const user = currentUser(c);
  const q = await quoteSend(user.id, c.req.valid('query'));
  return c.json(
    { ...q, step_up_required: await stepUpRequiredForMove(user, { assetSymbol: q.asset_symbol, amount: q.amount }) },
    200,
  );
};

export const transfer: RouteHandler<typeof transferRoute, AppEnv> = async (c) => {
  const user = currentUser(c);
  const b = c.req.valid('json');
  return sendAnswer<typeof transferRoute>(
    c,
    await sendMoney({
      senderId: user.id,
      recipientEmail: b.recipientEmail ?? null,
      recipientId: b.recipientId ?? null,
      assetSymbol: b.assetSymbol,
      amount: b.amount,
      description: b.description ?? null,
      pin: b.pin,
      idempotency: idempotencyOf(c),
      stepUp: stepUpTerms(user), // checked first in the send's own statement: no round trip of its own
    }),
  );
};
