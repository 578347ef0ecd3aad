import type { RouteHandler } from '@hono/zod-openapi';
import { currentUser, isAdmin } from '../../../platform/auth/middleware.js';
import type { AppEnv } from '../../../platform/http/env.js';
import type { meRoute } from './routes.js';

export const me: RouteHandler<typeof meRoute, AppEnv> = async (c) =>
  c.json({ is_admin: await isAdmin(currentUser(c).id) }, 200);
