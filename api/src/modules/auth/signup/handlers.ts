import type { RouteHandler } from '@hono/zod-openapi';
import { clientIp } from '../../../platform/http/client-ip.js';
import type { AppEnv } from '../../../platform/http/env.js';
import { publicOrigin } from '../../../platform/http/origin.js';
import type { signUpRoute } from './routes.js';
import { signUp } from './service.js';

export const signup: RouteHandler<typeof signUpRoute, AppEnv> = async (c) => {
  const body = c.req.valid('json');
  const result = await signUp({
    email: body.email,
    password: body.password,
    fullName: body.data.full_name,
    phone: body.phone,
    ip: clientIp(c),
    origin: publicOrigin(c),
  });
  return c.json(result, 200);
};
