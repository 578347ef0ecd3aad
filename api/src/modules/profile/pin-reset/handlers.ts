import type { RouteHandler } from '@hono/zod-openapi';
import { currentUser } from '../../../platform/auth/middleware.js';
import type { AppEnv } from '../../../platform/http/env.js';
import { clientIp } from '../../../platform/http/client-ip.js';
import { resetForgottenPin, sendPinResetCode } from './service.js';
import type { pinResetCodeRoute, pinResetRoute } from './routes.js';

export const pinResetCode: RouteHandler<typeof pinResetCodeRoute, AppEnv> = async (c) =>
  c.json(await sendPinResetCode(currentUser(c).id), 200);

export const pinReset: RouteHandler<typeof pinResetRoute, AppEnv> = async (c) => {
  await resetForgottenPin({ userId: currentUser(c).id, ...c.req.valid('json'), ip: clientIp(c) });
  return c.body(null, 204);
};
