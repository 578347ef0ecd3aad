import type { RouteHandler } from '@hono/zod-openapi';
import { currentUser } from '../../../platform/auth/middleware.js';
import type { AppEnv } from '../../../platform/http/env.js';
import { publicOrigin } from '../../../platform/http/origin.js';
import { requireStepUp } from '../../../platform/second-factor/sessions.js';
import type { exchangeRoute, linkTokenRoute } from './routes.js';
import { createLinkToken, exchangePublicToken } from './service.js';

export const linkToken: RouteHandler<typeof linkTokenRoute, AppEnv> = async (c) => {
  const body = c.req.valid('json') as { linked_account_id?: string | null } | undefined;
  return c.json(await createLinkToken(currentUser(c).id, publicOrigin(c), body?.linked_account_id), 200);
};
/** A new payout bank needs a recent second-factor check (platform/second-factor: step-up). */
export const exchange: RouteHandler<typeof exchangeRoute, AppEnv> = async (c) => {
  const user = currentUser(c);
  await requireStepUp(user);
  return c.json(await exchangePublicToken(user.id, c.req.valid('json')), 201);
};
