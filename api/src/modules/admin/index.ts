import { createRouter } from '../../platform/http/router.js';
import { audit, deleteUser, kycDocument, kycQueue, kycReset, kycReview, me, updateUser, users } from './handlers.js';
import { auditRoute, deleteUserRoute, kycDocumentRoute, kycQueueRoute, kycResetRoute, kycReviewRoute, meRoute, updateUserRoute, usersRoute } from './routes.js';

/** /api/admin: access check, users and their actions, KYC review, audit log; every route re-checks is_admin in the database. */
export const router = createRouter()
  .openapi(meRoute, me)
  .openapi(usersRoute, users)
  .openapi(updateUserRoute, updateUser)
  .openapi(deleteUserRoute, deleteUser)
  .openapi(kycQueueRoute, kycQueue)
  .openapi(kycDocumentRoute, kycDocument)
  .openapi(kycReviewRoute, kycReview)
  .openapi(kycResetRoute, kycReset)
  .openapi(auditRoute, audit);
