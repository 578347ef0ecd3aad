import type { RouteHandler } from '@hono/zod-openapi';
import { currentUser } from '../../../platform/auth/middleware.js';
import type { AppEnv } from '../../../platform/http/env.js';
import type { adminAttachmentRoute, ownAttachmentRoute } from './routes.js';
import { anyAttachmentFile, ownAttachmentFile } from './service.js';

export const own: RouteHandler<typeof ownAttachmentRoute, AppEnv> = async (c) =>
  ownAttachmentFile(currentUser(c).id, c.req.valid('param').id);
export const any: RouteHandler<typeof adminAttachmentRoute, AppEnv> = async (c) =>
  anyAttachmentFile(c.req.valid('param').id);
