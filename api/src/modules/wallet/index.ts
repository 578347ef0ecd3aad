import { createRouter } from '../../platform/http/router.js';
import { dashboard } from './handlers.js';
import { dashboardRoute } from './routes.js';

/** /api/wallet: dashboard now; send money, history, PIN, KYC come with their issues. */
export const router = createRouter().openapi(dashboardRoute, dashboard);
