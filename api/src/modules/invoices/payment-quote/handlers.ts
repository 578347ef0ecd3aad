import type { RouteHandler } from '@hono/zod-openapi';
import { currentUser } from '../../../platform/auth/middleware.js';
import type { AppEnv } from '../../../platform/http/env.js';
import { quotePayment } from '../pay/service.js';
import type { quoteRoute } from './routes.js';

export const quote: RouteHandler<typeof quoteRoute, AppEnv> = async (c) => c.json(await quotePayment(currentUser(c).id, c.req.valid('param').id), 200);
