import type { RouteHandler } from '@hono/zod-openapi';
import { currentUser } from '../../../platform/auth/middleware.js';
import type { AppEnv } from '../../../platform/http/env.js';
import type { assetsRoute } from './routes.js';
import { fundedWallets } from './service.js';

export const listAssets: RouteHandler<typeof assetsRoute, AppEnv> = async (c) =>
  c.json(await fundedWallets(currentUser(c).id, c.req.valid('query').scope), 200);
