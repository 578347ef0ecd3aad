import type { RouteHandler } from '@hono/zod-openapi';
import { currentUser } from '../../../platform/auth/middleware.js';
import type { AppEnv } from '../../../platform/http/env.js';
import type { logoFileRoute, uploadLogoRoute } from './routes.js';
import { logoFile, uploadLogo } from './service.js';

export const upload: RouteHandler<typeof uploadLogoRoute, AppEnv> = async (c) => {
  const body = c.req.valid('form') as { file?: unknown };
  return c.json(await uploadLogo(currentUser(c).id, c.req.valid('param').id, body.file), 200);
};
export const file: RouteHandler<typeof logoFileRoute, AppEnv> = async (c) => logoFile(c.req.valid('param').file);
