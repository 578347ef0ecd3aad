import type { RouteHandler } from '@hono/zod-openapi';
import { currentUser } from '../../../platform/auth/middleware.js';
import type { AppEnv } from '../../../platform/http/env.js';
import { publicOrigin } from '../../../platform/http/origin.js';
import type { sendRoute } from './routes.js';
import { sendInvoice } from './service.js';

export const send: RouteHandler<typeof sendRoute, AppEnv> = async (c) =>
  c.json(await sendInvoice(currentUser(c).id, c.req.valid('param').id, publicOrigin(c)), 200);
