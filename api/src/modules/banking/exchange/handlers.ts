import type { RouteHandler } from '@hono/zod-openapi';
import { currentUser } from '../../../platform/auth/middleware.js';
import type { AppEnv } from '../../../platform/http/env.js';
import { exchangePublicToken } from '../link-token/service.js';
import type { exchangeRoute } from './routes.js';

export const exchange: RouteHandler<typeof exchangeRoute, AppEnv> = async (c) =>
  c.json(await exchangePublicToken(currentUser(c).id, c.req.valid('json')), 201);
