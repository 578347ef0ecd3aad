import type { RouteHandler } from '@hono/zod-openapi';
import { currentUser } from '../../../platform/auth/middleware.js';
import type { AppEnv } from '../../../platform/http/env.js';
import { idempotencyOf } from '../../../platform/idempotency/index.js';
import { sendMoney } from '../../../platform/ledger/index.js';
import { requireStepUpForMove, stepUpRequiredForMove } from '../../../platform/second-factor/step-up.js';
import { sendAnswer } from '../send-answer.js';
import type {
  cancelRequestRoute,
  createRequestRoute,
  declineRequestRoute,
  listRequestsRoute,
  payRequestRoute,
  quoteRequestRoute,
} from './routes.js';
import { closeRequest, createRequest, listRequests, quoteRequest } from './service.js';

export const create: RouteHandler<typeof createRequestRoute, AppEnv> = async (c) =>
  c.json(await createRequest(currentUser(c).id, c.req.valid('json')), 201);

export const list: RouteHandler<typeof listRequestsRoute, AppEnv> = async (c) =>
  c.json(await listRequests(currentUser(c).id), 200);

export const quote: RouteHandler<typeof quoteRequestRoute, AppEnv> = async (c) => {
  const user = currentUser(c);
  const q = await quoteRequest(user.id, c.req.valid('param').id);
  return c.json(
    { ...q, step_up_required: await stepUpRequiredForMove(user, { assetSymbol: q.asset_symbol, amount: q.amount }) },
    200,
  );
};

/** Paying a request goes the transfer's way (PIN, limits, fee, idempotency); wallet_send adds the payer's hashtags to the request's note. */
export const pay: RouteHandler<typeof payRequestRoute, AppEnv> = async (c) => {
  const user = currentUser(c);
  const { id } = c.req.valid('param');
  // A request the quote refuses (paid, cancelled, short of funds) goes on to wallet_send, which
  // answers it, or replays the first answer of this Idempotency-Key: no money moves without its step-up.
  const q = await quoteRequest(user.id, id).catch(() => null);
  if (q) await requireStepUpForMove(user, { assetSymbol: q.asset_symbol, amount: q.amount });
  return sendAnswer<typeof payRequestRoute>(
    c,
    await sendMoney({
      senderId: user.id,
      pin: c.req.valid('json').pin,
      paymentRequestId: id,
      idempotency: idempotencyOf(c),
    }),
  );
};

export const decline: RouteHandler<typeof declineRequestRoute, AppEnv> = async (c) =>
  c.json(await closeRequest(currentUser(c).id, c.req.valid('param').id, 'payer'), 200);

export const cancel: RouteHandler<typeof cancelRequestRoute, AppEnv> = async (c) =>
  c.json(await closeRequest(currentUser(c).id, c.req.valid('param').id, 'requester'), 200);
