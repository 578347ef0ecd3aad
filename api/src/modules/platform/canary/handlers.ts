import type { RouteHandler } from '@hono/zod-openapi';
import { currentUser } from '../../../platform/auth/middleware.js';
import { getPool } from '../../../platform/db/pool.js';
import { notFound } from '../../../platform/errors.js';
import type { AppEnv } from '../../../platform/http/env.js';
import type { canariesRoute, canaryShareRoute, ruleRoute } from './routes.js';
import { canaryOverview, setCanaryShare, setRule } from './service.js';

const remoteNames = async () => (await getPool().query<{ remote: string }>('SELECT DISTINCT remote FROM remote_releases ORDER BY remote')).rows.map((r) => r.remote);

export const canaries: RouteHandler<typeof canariesRoute, AppEnv> = async (c) => {
  c.header('Cache-Control', 'no-store');
  return c.json({ remotes: await canaryOverview(await remoteNames()) }, 200);
};

export const canaryShare: RouteHandler<typeof canaryShareRoute, AppEnv> = async (c) => {
  const { percent, expected_current_id: expected } = c.req.valid('json');
  return c.json(await setCanaryShare(c.req.valid('param').id, percent, expected, currentUser(c).id), 200);
};

export const rule: RouteHandler<typeof ruleRoute, AppEnv> = async (c) => {
  const { remote } = c.req.valid('param');
  if (!(await remoteNames()).includes(remote)) throw notFound('No such remote');
  return c.json(await setRule(remote, c.req.valid('json'), currentUser(c).id), 200);
};
