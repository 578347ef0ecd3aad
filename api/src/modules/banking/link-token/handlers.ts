import type { RouteHandler } from '@hono/zod-openapi';
import { currentUser } from '../../../platform/auth/middleware.js';
import type { AppEnv } from '../../../platform/http/env.js';
import { publicOrigin } from '../../../platform/http/origin.js';
import type { linkTokenRoute } from './routes.js';
import { createLinkToken } from './service.js';

export const linkToken: RouteHandler<typeof linkTokenRoute, AppEnv> = async (c) => {
  const body = c.req.valid('json') as { linked_account_id?: string | null } | undefined;
  return c.json(await createLinkToken(currentUser(c).id, publicOrigin(c), body?.linked_account_id), 200);
};
