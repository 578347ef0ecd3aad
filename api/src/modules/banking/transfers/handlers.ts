import type { RouteHandler } from '@hono/zod-openapi';
import { currentUser } from '../../../platform/auth/middleware.js';
import type { AppEnv } from '../../../platform/http/env.js';
import type { listRoute } from './routes.js';
import { listTransfers } from './service.js';

export const list: RouteHandler<typeof listRoute, AppEnv> = async (c) =>
  c.json(await listTransfers(currentUser(c).id), 200);
