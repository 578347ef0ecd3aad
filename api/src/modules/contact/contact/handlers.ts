import type { RouteHandler } from '@hono/zod-openapi';
import { verifyAccessToken } from '../../../platform/auth/tokens.js';
import { clientIp } from '../../../platform/http/client-ip.js';
import type { AppEnv } from '../../../platform/http/env.js';
import type { contactRoute } from './routes.js';
import { enforceContactLimit, storeContactMessage } from './service.js';

/** The contact form (docs/product.md "Public pages" Static pages: contact form; contact_messages insert). */
export const send: RouteHandler<typeof contactRoute, AppEnv> = async (c) => {
  const body = c.req.valid('json');
  await enforceContactLimit(clientIp(c));
  // Optional sign-in: a valid bearer token links the message to the sender's profile.
  const bearer = c.req.header('authorization')?.match(/^Bearer\s+(\S+)$/i)?.[1];
  const user = bearer ? await verifyAccessToken(bearer) : null;
  return c.json(await storeContactMessage(body, user?.id ?? null), 201);
};
