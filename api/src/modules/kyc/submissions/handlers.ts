import type { RouteHandler } from '@hono/zod-openapi';
import { currentUser } from '../../../platform/auth/middleware.js';
import type { AppEnv } from '../../../platform/http/env.js';
import { fileResponse } from '../../../platform/storage/index.js';
import type { documentRoute, submitKycRoute } from './routes.js';
import * as svc from './service.js';

export const submitKyc: RouteHandler<typeof submitKycRoute, AppEnv> = async (c) =>
  c.json(await svc.submitKyc(currentUser(c).id, c.req.valid('form')), 201);

export const document: RouteHandler<typeof documentRoute, AppEnv> = async (c) =>
  fileResponse(await svc.ownDocument(currentUser(c).id, c.req.valid('param').id), { public: false });
