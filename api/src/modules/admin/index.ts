import { createRouter } from '../../platform/http/router.js';
import { me, users } from './handlers.js';
import { meRoute, usersRoute } from './routes.js';

/** /api/admin: access check and user list; every route re-checks is_admin in the database. */
export const router = createRouter()
  .openapi(meRoute, me)
  .openapi(usersRoute, users);
