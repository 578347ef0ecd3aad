import type { RouteHandler } from '@hono/zod-openapi';
import type { AppEnv } from '../../../platform/http/env.js';
import { confirmEmail } from '../signup/service.js';
import type { confirmRoute } from './routes.js';

export const confirm: RouteHandler<typeof confirmRoute, AppEnv> = async (c) => {
  const outcome = await confirmEmail(c.req.valid('query').token);
  const target =
    outcome === 'confirmed'
      ? '/auth?confirmed=1'
      : `/auth?confirm_error=${encodeURIComponent('This confirmation link is invalid or has expired.')}`;
  return c.redirect(target, 302);
};
