import type { RouteHandler } from '@hono/zod-openapi';
import { currentUser } from '../../../platform/auth/middleware.js';
import type { AppEnv } from '../../../platform/http/env.js';
import type { canariesRoute, canaryShareRoute } from './routes.js';
import { canaryOverview, remoteNames, setCanaryShare } from './service.js';

export const canaries: RouteHandler<typeof canariesRoute, AppEnv> = async (c) => {
  c.header('Cache-Control', 'no-store');
  return c.json({ remotes: await canaryOverview(await remoteNames()) }, 200);
};

export const canaryShare: RouteHandler<typeof canaryShareRoute, AppEnv> = async (c) => {
  const { percent, expected_current_id: expected } = c.req.valid('json');
  return c.json(await setCanaryShare(c.req.valid('param').id, percent, expected, currentUser(c).id), 200);
};
