import type { RouteHandler } from '@hono/zod-openapi';
import { currentUser } from '../../../platform/auth/middleware.js';
import type { AppEnv } from '../../../platform/http/env.js';
import { fileResponse } from '../../../platform/storage/index.js';
import * as svc from './service.js';
import type { avatarFileRoute, deleteAvatarRoute, uploadAvatarRoute } from './routes.js';

export const uploadAvatar: RouteHandler<typeof uploadAvatarRoute, AppEnv> = async (c) => {
  const body = c.req.valid('form') as { file?: unknown };
  return c.json(await svc.setAvatar(currentUser(c).id, body.file), 200);
};

export const deleteAvatar: RouteHandler<typeof deleteAvatarRoute, AppEnv> = async (c) =>
  c.json(await svc.removeAvatar(currentUser(c).id), 200);

export const avatarFile: RouteHandler<typeof avatarFileRoute, AppEnv> = async (c) =>
  fileResponse(await svc.readAvatar(c.req.valid('param').file), { public: true });
