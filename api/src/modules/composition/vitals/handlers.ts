import type { RouteHandler } from '@hono/zod-openapi';
import { currentUser, isAdmin } from '../../../platform/auth/middleware.js';
import { notFound } from '../../../platform/errors.js';
import type { AppEnv } from '../../../platform/http/env.js';
import { previewedRelease } from '../../../platform/http/release-preview.js';
import * as rateLimit from '../../../platform/rate-limit.js';
import { applyRollbackRule } from '../canaries/service.js';
import type { vitalsRoute } from './routes.js';
import { recordReport, servedRelease } from './service.js';

/** A page sends a report per release when idle and when hidden: a handful a minute; more is a loop or abuse. */
export const VITALS_REPORTS_PER_MINUTE = 30;

export const report: RouteHandler<typeof vitalsRoute, AppEnv> = async (c) => {
  const user = currentUser(c);
  await rateLimit.enforce(
    `remote-vitals:user:${user.id}`,
    VITALS_REPORTS_PER_MINUTE,
    60,
    (r) => `Too many reports. Try again in ${r} seconds.`,
  );
  const body = c.req.valid('json');
  const previewId = previewedRelease(c.req.header('cookie'), user.id);
  const release = await servedRelease(
    user.id,
    previewId && (await isAdmin(user.id)) ? previewId : null,
    body.remote,
    body.version,
  );
  if (!release) throw notFound('No such release served to you');
  await recordReport(release.id, body);
  // a remote with a canary running: its rule judges again with this report counted
  if (release.split && (body.error_session || body.session_start)) await applyRollbackRule(body.remote);
  return c.body(null, 204);
};
