import { createRouter } from '../../platform/http/router.js';
import { logout, token } from './handlers.js';
import { logoutRoute, tokenRoute } from './routes.js';

/** /api/auth: password and refresh grants, sign-out (docs/decisions.md "Auth"). */
export const router = createRouter()
  .openapi(tokenRoute, token)
  .openapi(logoutRoute, logout);
