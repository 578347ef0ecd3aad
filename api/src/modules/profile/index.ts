import { createRouter } from '../../platform/http/router.js';
import * as avatars from './avatars/handlers.js';
import { avatarFileRoute, deleteAvatarRoute, uploadAvatarRoute } from './avatars/routes.js';
import { deleteAccount } from './delete-account/handlers.js';
import { deleteAccountRoute } from './delete-account/routes.js';
import { deletionCheck } from './deletion/handlers.js';
import { deletionCheckRoute } from './deletion/routes.js';
import { setLimits } from './limits/handlers.js';
import { setLimitsRoute } from './limits/routes.js';
import * as pinReset from './pin-reset/handlers.js';
import { pinResetCodeRoute, pinResetRoute } from './pin-reset/routes.js';
import * as profile from './profile/handlers.js';
import { getProfileRoute, updateProfileRoute } from './profile/routes.js';
import * as sessions from './sessions/handlers.js';
import { listSessionsRoute, revokeSessionRoute } from './sessions/routes.js';

/**
 * /api/profile: the caller's profile and settings, avatar, limits, sessions, account deletion, forgot
 * PIN. Each path's code is in the folder of its segment: the root (read, edit) -> profile/, /limits ->
 * limits/, /avatar and /avatars/{file} -> avatars/, /sessions/** -> sessions/, /deletion (may I?) ->
 * deletion/, /delete-account -> delete-account/, /pin-reset/** -> pin-reset/. Shared: rules.ts (field
 * rules and messages), schemas.ts (the profile answer), own-password.ts (the password re-typed).
 */
export const router = createRouter()
  .openapi(getProfileRoute, profile.getProfile)
  .openapi(updateProfileRoute, profile.updateProfile)
  .openapi(setLimitsRoute, setLimits)
  .openapi(uploadAvatarRoute, avatars.uploadAvatar)
  .openapi(deleteAvatarRoute, avatars.deleteAvatar)
  .openapi(avatarFileRoute, avatars.avatarFile)
  .openapi(listSessionsRoute, sessions.listSessions)
  .openapi(revokeSessionRoute, sessions.revokeSession)
  .openapi(deletionCheckRoute, deletionCheck)
  .openapi(deleteAccountRoute, deleteAccount)
  .openapi(pinResetCodeRoute, pinReset.pinResetCode)
  .openapi(pinResetRoute, pinReset.pinReset);
