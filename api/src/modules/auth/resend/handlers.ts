import type { RouteHandler } from '@hono/zod-openapi';
import { clientIp } from '../../../platform/http/client-ip.js';
import type { AppEnv } from '../../../platform/http/env.js';
import { publicOrigin } from '../../../platform/http/origin.js';
import { resendConfirmation } from '../signup/service.js';
import type { resendRoute } from './routes.js';

export const resend: RouteHandler<typeof resendRoute, AppEnv> = async (c) => {
  await resendConfirmation({ email: c.req.valid('json').email, ip: clientIp(c), origin: publicOrigin(c) });
  return c.json({ sent: true as const }, 200);
};
