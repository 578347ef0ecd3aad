import type { RouteHandler } from '@hono/zod-openapi';
import { currentUser } from '../../../platform/auth/middleware.js';
import type { AppEnv } from '../../../platform/http/env.js';
import type { paymentSettingsRoute } from './routes.js';
import { paymentSettings } from './service.js';

export const getPaymentSettings: RouteHandler<typeof paymentSettingsRoute, AppEnv> = async (c) =>
  c.json(await paymentSettings(currentUser(c).id), 200);
