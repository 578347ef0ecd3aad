import type { RouteHandler } from '@hono/zod-openapi';
import { currentUser } from '../../../platform/auth/middleware.js';
import type { AppEnv } from '../../../platform/http/env.js';
import { requireStepUp } from '../../../platform/second-factor/sessions.js';
import { exchangePublicToken } from '../link-token/service.js';
import type { exchangeRoute } from './routes.js';

/** A new payout bank needs a recent second-factor check (platform/second-factor: step-up). */
export const exchange: RouteHandler<typeof exchangeRoute, AppEnv> = async (c) => {
  const user = currentUser(c);
  await requireStepUp(user);
  return c.json(await exchangePublicToken(user.id, c.req.valid('json')), 201);
};
