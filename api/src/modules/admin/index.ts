import { createRouter } from '../../platform/http/router.js';
import type { ScheduledJob } from '../../platform/jobs/index.js';
import * as dashboard from './dashboard/handlers.js';
import { booksCheckRoute, dashboardRoute } from './dashboard/routes.js';
import { runBooksCheck } from './dashboard/service.js';
import * as system from './system/handlers.js';
import { systemRoute } from './system/routes.js';
import { audit, deleteUser, kycDocument, kycQueue, kycReset, kycReview, me, updateUser, users } from './handlers.js';
import { auditRoute, deleteUserRoute, kycDocumentRoute, kycQueueRoute, kycResetRoute, kycReviewRoute, meRoute, updateUserRoute, usersRoute } from './routes.js';

/**
 * /api/admin: access check, users and their actions, KYC review, audit log (routes.ts, handlers.ts);
 * /dashboard and /books-check -> dashboard/; /system -> system/. Every route re-checks is_admin in the database.
 */
export const router = createRouter()
  .openapi(meRoute, me)
  .openapi(usersRoute, users)
  .openapi(updateUserRoute, updateUser)
  .openapi(deleteUserRoute, deleteUser)
  .openapi(kycQueueRoute, kycQueue)
  .openapi(kycDocumentRoute, kycDocument)
  .openapi(kycReviewRoute, kycReview)
  .openapi(kycResetRoute, kycReset)
  .openapi(auditRoute, audit)
  .openapi(dashboardRoute, dashboard.figures)
  .openapi(booksCheckRoute, dashboard.booksCheck)
  .openapi(systemRoute, system.system);

/** The books check reads the whole ledger: every 15 minutes, never on a page load. */
export const jobs: ScheduledJob[] = [{ name: 'admin-books-check', cron: '*/15 * * * *', run: runBooksCheck }];
