import type { RouteHandler } from '@hono/zod-openapi';
import { currentUser } from '../../../platform/auth/middleware.js';
import { clientIp } from '../../../platform/http/client-ip.js';
import type { AppEnv } from '../../../platform/http/env.js';
import { publicOrigin } from '../../../platform/http/origin.js';
import { setRefreshCookie, tokenBody } from '../cookies.js';
import type {
  listPasskeysRoute,
  passkeySignInRoute,
  registerPasskeyRoute,
  registrationOptionsRoute,
  removePasskeyRoute,
  signInOptionsRoute,
} from './routes.js';
import { toAuthenticationJSON, toRegistrationJSON } from './schemas.js';
import {
  assertionOptions,
  listPasskeys,
  registerPasskey,
  registrationOptions,
  removePasskey,
  signInWithPasskey,
} from './service.js';
import * as rateLimit from '../../../platform/rate-limit.js';
import { signInLimitPerIp } from '../sessions.js';
import { ticketUser } from '../second-factor/ticket.js';

export const list: RouteHandler<typeof listPasskeysRoute, AppEnv> = async (c) =>
  c.json({ passkeys: await listPasskeys(currentUser(c).id) }, 200);

export const creationOptions: RouteHandler<typeof registrationOptionsRoute, AppEnv> = async (c) =>
  c.json(await registrationOptions(currentUser(c).id, publicOrigin(c)), 200);

export const register: RouteHandler<typeof registerPasskeyRoute, AppEnv> = async (c) => {
  const b = c.req.valid('json');
  return c.json(
    await registerPasskey(currentUser(c), {
      name: b.name,
      response: toRegistrationJSON(b.response),
      origin: publicOrigin(c),
      ip: clientIp(c),
    }),
    201,
  );
};

export const remove: RouteHandler<typeof removePasskeyRoute, AppEnv> = async (c) => {
  await removePasskey(currentUser(c), c.req.valid('param').id, clientIp(c));
  return c.body(null, 204);
};

export const requestOptions: RouteHandler<typeof signInOptionsRoute, AppEnv> = async (c) => {
  // Each answer stores a challenge row: bounded per address like sign-in attempts (four per attempt).
  await rateLimit.enforce(
    `passkey-options:ip:${clientIp(c)}`,
    4 * signInLimitPerIp(),
    15 * 60,
    (s) => `Too many sign-in attempts. Please try again in ${Math.ceil(s / 60)} minutes.`,
  );
  const ticket = c.req.valid('json')?.ticket;
  const userId = ticket ? await ticketUser(ticket) : null;
  return c.json(await assertionOptions(userId ? 'second_factor' : 'sign_in', publicOrigin(c), userId), 200);
};

export const signIn: RouteHandler<typeof passkeySignInRoute, AppEnv> = async (c) => {
  const b = c.req.valid('json');
  const session = await signInWithPasskey({
    response: toAuthenticationJSON(b.response),
    ticket: b.ticket,
    origin: publicOrigin(c),
    ip: clientIp(c),
    userAgent: c.req.header('user-agent'),
  });
  setRefreshCookie(c, session.refreshToken);
  return c.json(tokenBody(session), 200);
};
