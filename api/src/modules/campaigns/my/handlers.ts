import type { RouteHandler } from '@hono/zod-openapi';
import { currentUser } from '../../../platform/auth/middleware.js';
import type { AppEnv } from '../../../platform/http/env.js';
import type { myCampaignsRoute, myInvestmentsRoute } from './routes.js';
import { myCampaigns, myInvestments } from './service.js';

export const investments: RouteHandler<typeof myInvestmentsRoute, AppEnv> = async (c) =>
  c.json(await myInvestments(currentUser(c).id), 200);
export const campaigns: RouteHandler<typeof myCampaignsRoute, AppEnv> = async (c) =>
  c.json(await myCampaigns(currentUser(c).id), 200);
