import type { RouteHandler } from '@hono/zod-openapi';
import { currentUser, isAdmin } from '../../platform/auth/middleware.js';
import type { AppEnv } from '../../platform/http/env.js';
import { clientIp } from '../../platform/http/client-ip.js';
import { fileResponse } from '../../platform/storage/index.js';
import * as actions from './actions.js';
import type { auditRoute, deleteUserRoute, kycDocumentRoute, kycQueueRoute, kycResetRoute, kycReviewRoute, meRoute, updateUserRoute, usersRoute } from './routes.js';
import { listUsers } from './service.js';

export const me: RouteHandler<typeof meRoute, AppEnv> = async (c) =>
  c.json({ is_admin: await isAdmin(currentUser(c).id) }, 200);

export const users: RouteHandler<typeof usersRoute, AppEnv> = async (c) => {
  const { q, include_deleted } = c.req.valid('query');
  return c.json({ users: await listUsers(q, include_deleted === 'true') }, 200);
};

// ---------------------------------------------------------------- issue 5: KYC review, user actions, audit
export const kycQueue: RouteHandler<typeof kycQueueRoute, AppEnv> = async (c) => {
  const [submissions, pending_without_submission] = await Promise.all([actions.kycQueue(c.req.valid('query').status), actions.pendingWithoutSubmission()]);
  return c.json({ submissions, pending_without_submission }, 200);
};

export const kycReset: RouteHandler<typeof kycResetRoute, AppEnv> = async (c) =>
  c.json(await actions.resetKyc(currentUser(c).id, c.req.valid('param').id, clientIp(c)), 200);

export const kycDocument: RouteHandler<typeof kycDocumentRoute, AppEnv> = (async (c: Parameters<RouteHandler<typeof kycDocumentRoute, AppEnv>>[0]) =>
  fileResponse(await actions.kycDocument(c.req.valid('param').id), { public: false })) as never;

export const kycReview: RouteHandler<typeof kycReviewRoute, AppEnv> = async (c) => {
  const { decision, reason } = c.req.valid('json');
  return c.json(await actions.reviewKyc(currentUser(c).id, c.req.valid('param').id, decision, reason, clientIp(c)), 200);
};

export const updateUser: RouteHandler<typeof updateUserRoute, AppEnv> = async (c) =>
  c.json(await actions.updateUser(currentUser(c).id, c.req.valid('param').id, c.req.valid('json'), clientIp(c)), 200);

export const deleteUser: RouteHandler<typeof deleteUserRoute, AppEnv> = async (c) => {
  await actions.deleteUser(currentUser(c).id, c.req.valid('param').id, clientIp(c));
  return c.body(null, 204);
};

const DAY_MS = 86_400_000;
export const audit: RouteHandler<typeof auditRoute, AppEnv> = async (c) => {
  const { subject, actor, action, from, to, cursor } = c.req.valid('query');
  // `to` is a day: entries of that whole day are in
  return c.json(await actions.auditEntries({
    subject: subject || undefined, actor: actor || undefined, action: action || undefined, before: cursor,
    from: from ? new Date(`${from}T00:00:00Z`) : undefined, to: to ? new Date(new Date(`${to}T00:00:00Z`).getTime() + DAY_MS) : undefined,
  }) as never, 200);
};
