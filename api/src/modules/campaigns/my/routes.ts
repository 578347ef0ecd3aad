import { createRoute, z } from '@hono/zod-openapi';
import { requireAuth } from '../../../platform/auth/middleware.js';
import { errorResponse as err } from '../../../platform/http/schemas.js';
import { CampaignShape, InvestmentShape, json, security } from '../schemas.js';

// /my/investments and /my/campaigns (docs/product.md "Campaigns and investments"), newest first, 100 each.
const mine = (path: string, summary: string, body: z.ZodType) =>
  createRoute({
    method: 'get',
    path,
    tags: ['campaigns'],
    'x-access': 'user',
    security,
    summary,
    middleware: [requireAuth] as const,
    responses: { 200: json('List', body), 401: err('Not signed in') },
  });
export const myInvestmentsRoute = mine(
  '/my/investments',
  "The caller's investments with their campaign",
  z.object({
    investments: z.array(
      InvestmentShape.extend({
        campaign: z.object({
          id: z.uuid(),
          company_name: z.string(),
          status: z.string(),
          currency: z.object({ symbol: z.string(), scale: z.number().int() }),
        }),
      }),
    ),
  }),
);
export const myCampaignsRoute = mine(
  '/my/campaigns',
  "The caller's campaigns in every state",
  z.object({ campaigns: z.array(CampaignShape) }),
);
