import type { RouteHandler } from '@hono/zod-openapi';
import { currentUser } from '../../../platform/auth/middleware.js';
import type { AppEnv } from '../../../platform/http/env.js';
import * as svc from './service.js';
import type { deletionCheckRoute } from './routes.js';

export const deletionCheck: RouteHandler<typeof deletionCheckRoute, AppEnv> = async (c) => {
  const wallets = await svc.fundedWallets(currentUser(c).id);
  return c.json({ can_delete: wallets.length === 0, wallets }, 200);
};
