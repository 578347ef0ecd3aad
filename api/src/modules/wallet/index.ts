import { createRouter } from '../../platform/http/router.js';
import { dashboard } from './handlers.js';
import { mountMoney } from './money-handlers.js';
import { dashboardRoute } from './routes.js';

/** /api/wallet: dashboard; money core (PIN, send, quote, history, CSV, assets, user search, payment requests). */
export const router = mountMoney(createRouter().openapi(dashboardRoute, dashboard));
