import type { RouteHandler } from '@hono/zod-openapi';
import { currentUser } from '../../../platform/auth/middleware.js';
import { clientIp } from '../../../platform/http/client-ip.js';
import type { AppEnv } from '../../../platform/http/env.js';
import { fileResponse } from '../../../platform/storage/index.js';
import type { kycDocumentRoute, kycQueueRoute, kycReviewRoute } from './routes.js';
import * as kyc from './service.js';

export const kycQueue: RouteHandler<typeof kycQueueRoute, AppEnv> = async (c) => {
  const [submissions, pending_without_submission] = await Promise.all([
    kyc.kycQueue(c.req.valid('query').status),
    kyc.pendingWithoutSubmission(),
  ]);
  return c.json({ submissions, pending_without_submission }, 200);
};

export const kycDocument: RouteHandler<typeof kycDocumentRoute, AppEnv> = async (c) =>
  fileResponse(await kyc.kycDocument(c.req.valid('param').id), { public: false });

export const kycReview: RouteHandler<typeof kycReviewRoute, AppEnv> = async (c) => {
  const { decision, reason } = c.req.valid('json');
  return c.json(await kyc.reviewKyc(currentUser(c).id, c.req.valid('param').id, decision, reason, clientIp(c)), 200);
};
