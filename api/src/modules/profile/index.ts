import { createRouter } from '../../platform/http/router.js';
import * as h from './handlers.js';
import * as r from './routes.js';

/** /api/profile: the caller's profile and settings, avatar, limits, sessions, account deletion, forgot PIN. */
export const router = createRouter()
  .openapi(r.getProfileRoute, h.getProfile)
  .openapi(r.updateProfileRoute, h.updateProfile)
  .openapi(r.setLimitsRoute, h.setLimits)
  .openapi(r.uploadAvatarRoute, h.uploadAvatar)
  .openapi(r.deleteAvatarRoute, h.deleteAvatar)
  .openapi(r.avatarFileRoute, h.avatarFile)
  .openapi(r.listSessionsRoute, h.listSessions)
  .openapi(r.revokeSessionRoute, h.revokeSession)
  .openapi(r.deletionCheckRoute, h.deletionCheck)
  .openapi(r.deleteAccountRoute, h.deleteAccount)
  .openapi(r.pinResetCodeRoute, h.pinResetCode)
  .openapi(r.pinResetRoute, h.pinReset);
