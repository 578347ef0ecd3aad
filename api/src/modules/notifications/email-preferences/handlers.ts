import type { RouteHandler } from '@hono/zod-openapi';
import { currentUser } from '../../../platform/auth/middleware.js';
import type { AppEnv } from '../../../platform/http/env.js';
import type { preferencesRoute, setPreferenceRoute } from './routes.js';
import { emailPreferences, setEmailPreference } from './service.js';

export const preferences: RouteHandler<typeof preferencesRoute, AppEnv> = async (c) =>
  c.json(await emailPreferences(currentUser(c).id), 200);

export const setPreference: RouteHandler<typeof setPreferenceRoute, AppEnv> = async (c) => {
  const { kind, email } = c.req.valid('json');
  return c.json(await setEmailPreference(currentUser(c).id, kind, email), 200);
};
