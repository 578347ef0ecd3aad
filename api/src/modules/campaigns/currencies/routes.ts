import { createRoute, z } from '@hono/zod-openapi';
import { requireAuth } from '../../../platform/auth/middleware.js';
import { errorResponse as err } from '../../../platform/http/schemas.js';
import { CampaignAsset, json, security } from '../schemas.js';

// /currencies: what a campaign may raise in (docs/product.md "Campaigns and investments": fiat only, default USD).
export const currenciesRoute = createRoute({
  method: 'get',
  path: '/currencies',
  tags: ['campaigns'],
  'x-access': 'user',
  security,
  summary: 'The fiat assets a campaign may raise in',
  middleware: [requireAuth] as const,
  responses: { 200: json('Currencies', z.object({ currencies: z.array(CampaignAsset) })), 401: err('Not signed in') },
});
