import type { RouteHandler } from '@hono/zod-openapi';
import { currentUser } from '../../../platform/auth/middleware.js';
import type { AppEnv } from '../../../platform/http/env.js';
import { cancelInvoice } from '../send/service.js';
import type { cancelRoute } from './routes.js';

export const cancel: RouteHandler<typeof cancelRoute, AppEnv> = async (c) =>
  c.json(await cancelInvoice(currentUser(c).id, c.req.valid('param').id), 200);
