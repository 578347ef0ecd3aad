import type { RouteHandler } from '@hono/zod-openapi';
import { clientIp } from '../../../platform/http/client-ip.js';
import type { AppEnv } from '../../../platform/http/env.js';
import { setRefreshCookie, tokenBody } from '../cookies.js';
import { verifyPhoneCode } from '../otp/service.js';
import type { verifyRoute } from './routes.js';

export const verify: RouteHandler<typeof verifyRoute, AppEnv> = async (c) => {
  const body = c.req.valid('json');
  const session = await verifyPhoneCode({
    phone: body.phone,
    token: body.token,
    ip: clientIp(c),
    userAgent: c.req.header('user-agent'),
  });
  setRefreshCookie(c, session.refreshToken);
  return c.json(tokenBody(session), 200);
};
