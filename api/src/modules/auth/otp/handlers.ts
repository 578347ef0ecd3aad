import type { RouteHandler } from '@hono/zod-openapi';
import { clientIp } from '../../../platform/http/client-ip.js';
import type { AppEnv } from '../../../platform/http/env.js';
import type { otpRoute } from './routes.js';
import { OTP_TTL_SECONDS, sendPhoneCode } from './service.js';

export const otp: RouteHandler<typeof otpRoute, AppEnv> = async (c) => {
  await sendPhoneCode({ phone: c.req.valid('json').phone, ip: clientIp(c) });
  return c.json({ sent: true as const, expires_in: OTP_TTL_SECONDS }, 200);
};
