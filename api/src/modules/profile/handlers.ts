import type { RouteHandler } from '@hono/zod-openapi';
import { currentUser } from '../../platform/auth/middleware.js';
import { clientIp } from '../../platform/http/client-ip.js';
import type { AppEnv } from '../../platform/http/env.js';
import { fileResponse } from '../../platform/storage/index.js';
import type * as R from './routes.js';
import { resetForgottenPin, sendPinResetCode } from './pin-reset.js';
import * as svc from './service.js';

export const getProfile: RouteHandler<typeof R.getProfileRoute, AppEnv> = async (c) => c.json(await svc.getProfile(currentUser(c).id), 200);

export const updateProfile: RouteHandler<typeof R.updateProfileRoute, AppEnv> = async (c) =>
  c.json(await svc.updateProfile(currentUser(c).id, c.req.valid('json')), 200);

export const setLimits: RouteHandler<typeof R.setLimitsRoute, AppEnv> = async (c) =>
  c.json(await svc.setLimits(currentUser(c).id, c.req.valid('json')), 200);

export const uploadAvatar: RouteHandler<typeof R.uploadAvatarRoute, AppEnv> = async (c) => {
  const body = c.req.valid('form') as { file?: unknown };
  return c.json(await svc.setAvatar(currentUser(c).id, body.file), 200);
};

export const deleteAvatar: RouteHandler<typeof R.deleteAvatarRoute, AppEnv> = async (c) => c.json(await svc.removeAvatar(currentUser(c).id), 200);

export const avatarFile: RouteHandler<typeof R.avatarFileRoute, AppEnv> = (async (c: Parameters<RouteHandler<typeof R.avatarFileRoute, AppEnv>>[0]) =>
  fileResponse(await svc.readAvatar(c.req.valid('param').file), { public: true })) as never;

export const listSessions: RouteHandler<typeof R.listSessionsRoute, AppEnv> = async (c) => {
  const user = currentUser(c);
  return c.json({ sessions: await svc.listSessions(user.id, user.sid) }, 200);
};

export const revokeSession: RouteHandler<typeof R.revokeSessionRoute, AppEnv> = async (c) => {
  await svc.revokeSession(currentUser(c).id, c.req.valid('param').id);
  return c.body(null, 204);
};

export const deletionCheck: RouteHandler<typeof R.deletionCheckRoute, AppEnv> = async (c) => {
  const wallets = await svc.fundedWallets(currentUser(c).id);
  return c.json({ can_delete: wallets.length === 0, wallets }, 200);
};

export const deleteAccount: RouteHandler<typeof R.deleteAccountRoute, AppEnv> = async (c) => {
  await svc.deleteOwnAccount(currentUser(c).id, c.req.valid('json').password, clientIp(c));
  return c.body(null, 204);
};

export const pinResetCode: RouteHandler<typeof R.pinResetCodeRoute, AppEnv> = async (c) => c.json(await sendPinResetCode(currentUser(c).id), 200);

export const pinReset: RouteHandler<typeof R.pinResetRoute, AppEnv> = async (c) => {
  await resetForgottenPin({ userId: currentUser(c).id, ...c.req.valid('json'), ip: clientIp(c) });
  return c.body(null, 204);
};
