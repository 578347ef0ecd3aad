import type { RouteHandler } from '@hono/zod-openapi';
import type { AppEnv } from '../../../platform/http/env.js';
import { COUNTRY_CODES } from '../countries.js';
import type { countriesRoute } from './routes.js';

const countryList = [...COUNTRY_CODES].sort();
export const countries: RouteHandler<typeof countriesRoute, AppEnv> = async (c) =>
  c.json({ countries: countryList }, 200, { 'Cache-Control': 'public, max-age=86400' });
