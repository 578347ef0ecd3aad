import type { RouteHandler } from '@hono/zod-openapi';
import { currentUser } from '../../../platform/auth/middleware.js';
import type { AppEnv } from '../../../platform/http/env.js';
import { publicOrigin } from '../../../platform/http/origin.js';
import { answerOrRefusal, idempotencyOf } from '../../../platform/idempotency/index.js';
import { tellPaid } from '../notify.js';
import type { payRoute } from './routes.js';
import { payInvoice } from './service.js';

export const pay: RouteHandler<typeof payRoute, AppEnv> = async (c) => {
  const { id } = c.req.valid('param');
  const answer = await payInvoice(currentUser(c), id, c.req.valid('json').pin, idempotencyOf(c));
  const { body, status } = answerOrRefusal(answer);
  if (!answer.replayed) await tellPaid(id, publicOrigin(c));
  return c.json(body, status);
};
