import type { RouteHandler } from '@hono/zod-openapi';
import { currentUser } from '../../../platform/auth/middleware.js';
import { notFound } from '../../../platform/errors.js';
import type { AppEnv } from '../../../platform/http/env.js';
import { remoteNames, setRule } from '../canaries/service.js';
import type { ruleRoute } from './routes.js';

export const rule: RouteHandler<typeof ruleRoute, AppEnv> = async (c) => {
  const { remote } = c.req.valid('param');
  if (!(await remoteNames()).includes(remote)) throw notFound('No such remote');
  return c.json(await setRule(remote, c.req.valid('json'), currentUser(c).id), 200);
};
