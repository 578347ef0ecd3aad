import type { RouteHandler } from '@hono/zod-openapi';
import { currentUser } from '../../../platform/auth/middleware.js';
import type { AppEnv } from '../../../platform/http/env.js';
import { answerOrRefusal, idempotencyOf } from '../../../platform/idempotency/index.js';
import type {
  addMilestoneRoute,
  approveRoute,
  cancelRoute,
  disputeRoute,
  holdQuoteRoute,
  payQuoteRoute,
  requestChangesRoute,
  submitRoute,
} from './routes.js';
import { addMilestone, moveMilestone, quoteHold, quotePayment, settleMilestone } from './service.js';

export const holdQuote: RouteHandler<typeof holdQuoteRoute, AppEnv> = async (c) =>
  c.json(await quoteHold(currentUser(c).id, c.req.valid('param').id, c.req.valid('query').amount), 200);

export const add: RouteHandler<typeof addMilestoneRoute, AppEnv> = async (c) => {
  const answer = await addMilestone(currentUser(c).id, c.req.valid('param').id, c.req.valid('json'), idempotencyOf(c));
  const { body, status } = answerOrRefusal(answer);
  return c.json(body, status);
};

export const payQuote: RouteHandler<typeof payQuoteRoute, AppEnv> = async (c) =>
  c.json(await quotePayment(currentUser(c).id, c.req.valid('param').id), 200);

export const approve: RouteHandler<typeof approveRoute, AppEnv> = async (c) => {
  const answer = await settleMilestone(
    currentUser(c).id,
    c.req.valid('param').id,
    c.req.valid('json').pin,
    idempotencyOf(c),
    'approve',
  );
  const { body, status } = answerOrRefusal(answer);
  return c.json(body, status);
};

export const cancel: RouteHandler<typeof cancelRoute, AppEnv> = async (c) => {
  const answer = await settleMilestone(
    currentUser(c).id,
    c.req.valid('param').id,
    c.req.valid('json').pin,
    idempotencyOf(c),
    'cancel',
  );
  const { body, status } = answerOrRefusal(answer);
  return c.json(body, status);
};

export const submit: RouteHandler<typeof submitRoute, AppEnv> = async (c) =>
  c.json(
    await moveMilestone(
      currentUser(c).id,
      c.req.valid('param').id,
      'submit',
      (c.req.valid('json') as { notes?: string | null }).notes || null,
    ),
    200,
  );
export const requestChanges: RouteHandler<typeof requestChangesRoute, AppEnv> = async (c) =>
  c.json(
    await moveMilestone(
      currentUser(c).id,
      c.req.valid('param').id,
      'request-changes',
      (c.req.valid('json') as { note: string }).note,
    ),
    200,
  );
export const dispute: RouteHandler<typeof disputeRoute, AppEnv> = async (c) =>
  c.json(
    await moveMilestone(
      currentUser(c).id,
      c.req.valid('param').id,
      'dispute',
      (c.req.valid('json') as { reason: string }).reason,
    ),
    200,
  );
