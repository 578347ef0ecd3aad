import type { RouteHandler } from '@hono/zod-openapi';
import type { AppEnv } from '../../../platform/http/env.js';
import type { currenciesRoute } from './routes.js';
import { fiatCurrencies } from './service.js';

export const list: RouteHandler<typeof currenciesRoute, AppEnv> = async (c) => c.json(await fiatCurrencies(), 200);
