import type { RouteHandler } from '@hono/zod-openapi';
import type { AppEnv } from '../../../platform/http/env.js';
import { providerConfig, redirectSignInConfigured } from '../oauth.js';
import type { configRoute } from './routes.js';

export const config: RouteHandler<typeof configRoute, AppEnv> = async (c) => {
  const google = providerConfig('google');
  const providers = { google: redirectSignInConfigured('google'), facebook: redirectSignInConfigured('facebook') };
  return c.json({ google_client_id: google?.clientId ?? null, providers }, 200, { 'Cache-Control': 'no-cache' });
};
