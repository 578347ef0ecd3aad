import type { RouteHandler } from '@hono/zod-openapi';
import { notFound } from '../../../platform/errors.js';
import { clientIp } from '../../../platform/http/client-ip.js';
import type { AppEnv } from '../../../platform/http/env.js';
import * as rateLimit from '../../../platform/rate-limit.js';
import { applyRollbackRule } from '../canaries/service.js';
import { recordLoadFailure } from '../releases/service.js';
import type { loadFailureRoute } from './routes.js';

/** At most this many reports a minute from one address: a broken release in one browser is a handful. */
export const REPORTS_PER_MINUTE = 10;

export const report: RouteHandler<typeof loadFailureRoute, AppEnv> = async (c) => {
  await rateLimit.enforce(
    `remote-load-failure:ip:${clientIp(c)}`,
    REPORTS_PER_MINUTE,
    60,
    (r) => `Too many reports. Try again in ${r} seconds.`,
  );
  const failure = c.req.valid('json');
  if (!(await recordLoadFailure(failure))) throw notFound('No such release');
  await applyRollbackRule(failure.remote);
  return c.body(null, 204);
};
