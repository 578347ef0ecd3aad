import { createRouter } from '../../platform/http/router.js';
import type { ScheduledJob } from '../../platform/jobs/index.js';
import { audit } from './audit/handlers.js';
import { auditRoute } from './audit/routes.js';
import { booksCheck } from './books-check/handlers.js';
import { booksCheckRoute } from './books-check/routes.js';
import { figures } from './dashboard/handlers.js';
import { dashboardRoute } from './dashboard/routes.js';
import { runBooksCheck } from './dashboard/service.js';
import * as kyc from './kyc/handlers.js';
import { kycDocumentRoute, kycQueueRoute, kycReviewRoute } from './kyc/routes.js';
import { me } from './me/handlers.js';
import { meRoute } from './me/routes.js';
import { system } from './system/handlers.js';
import { systemRoute } from './system/routes.js';
import * as users from './users/handlers.js';
import { deleteUserRoute, kycResetRoute, updateUserRoute, usersRoute } from './users/routes.js';

/**
 * /api/admin. Each path's code is in the folder of its segment: /me -> me/ (the access check),
 * /users/** -> users/ (list, edit, delete, reset a KYC state), /kyc/** -> kyc/ (the review queue, a
 * document, a decision), /audit -> audit/, /dashboard -> dashboard/ (live figures and the latest books
 * check), /books-check -> books-check/ (run it now), /system -> system/. Shared: schemas.ts. Every route
 * re-checks is_admin in the database.
 */
export const router = createRouter()
  .openapi(meRoute, me)
  .openapi(usersRoute, users.users)
  .openapi(updateUserRoute, users.updateUser)
  .openapi(deleteUserRoute, users.deleteUser)
  .openapi(kycQueueRoute, kyc.kycQueue)
  .openapi(kycDocumentRoute, kyc.kycDocument)
  .openapi(kycReviewRoute, kyc.kycReview)
  .openapi(kycResetRoute, users.kycReset)
  .openapi(auditRoute, audit)
  .openapi(dashboardRoute, figures)
  .openapi(booksCheckRoute, booksCheck)
  .openapi(systemRoute, system);

/** The books check reads the whole ledger: every 15 minutes, never on a page load. */
export const jobs: ScheduledJob[] = [{ name: 'admin-books-check', cron: '*/15 * * * *', run: runBooksCheck }];
