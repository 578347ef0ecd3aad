import type { RouteHandler } from '@hono/zod-openapi';
import { clientIp } from '../../../platform/http/client-ip.js';
import type { AppEnv } from '../../../platform/http/env.js';
import { publicOrigin } from '../../../platform/http/origin.js';
import type { recoverCheckRoute, recoverResetRoute, recoverRoute } from './routes.js';
import { checkPasswordResetLink, requestPasswordReset, resetPassword } from './service.js';

export const recover: RouteHandler<typeof recoverRoute, AppEnv> = async (c) => {
  await requestPasswordReset({ email: c.req.valid('json').email, ip: clientIp(c), origin: publicOrigin(c) });
  return c.json({ sent: true as const }, 200);
};

export const recoverCheck: RouteHandler<typeof recoverCheckRoute, AppEnv> = async (c) =>
  c.json({ valid: await checkPasswordResetLink(c.req.valid('json').token) }, 200);

export const recoverReset: RouteHandler<typeof recoverResetRoute, AppEnv> = async (c) => {
  const body = c.req.valid('json');
  return c.json(
    await resetPassword({ token: body.token, password: body.password, ip: clientIp(c), origin: publicOrigin(c) }),
    200,
  );
};
