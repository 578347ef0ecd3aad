import type { RouteHandler } from '@hono/zod-openapi';
import { currentUser } from '../../../platform/auth/middleware.js';
import { clientIp } from '../../../platform/http/client-ip.js';
import type { AppEnv } from '../../../platform/http/env.js';
import { setRefreshCookie, tokenBody } from '../cookies.js';
import type {
  codeSignInRoute,
  renewRecoveryCodesRoute,
  statusRoute,
  totpDisableRoute,
  totpEnableRoute,
  totpSetupRoute,
} from './routes.js';
import {
  disableTotp,
  enableTotp,
  renewRecoveryCodes,
  secondFactorStatus,
  signInWithCode,
  startTotpSetup,
} from './service.js';

export const status: RouteHandler<typeof statusRoute, AppEnv> = async (c) =>
  c.json(await secondFactorStatus(currentUser(c)), 200);

export const totpSetup: RouteHandler<typeof totpSetupRoute, AppEnv> = async (c) =>
  c.json(await startTotpSetup(currentUser(c).id), 200);

export const totpEnable: RouteHandler<typeof totpEnableRoute, AppEnv> = async (c) =>
  c.json({ recovery_codes: await enableTotp(currentUser(c), c.req.valid('json').code, clientIp(c)) }, 200);

export const totpDisable: RouteHandler<typeof totpDisableRoute, AppEnv> = async (c) => {
  await disableTotp(currentUser(c), clientIp(c));
  return c.body(null, 204);
};

export const renewCodes: RouteHandler<typeof renewRecoveryCodesRoute, AppEnv> = async (c) =>
  c.json({ recovery_codes: await renewRecoveryCodes(currentUser(c), clientIp(c)) }, 200);

export const codeSignIn: RouteHandler<typeof codeSignInRoute, AppEnv> = async (c) => {
  const b = c.req.valid('json');
  const session = await signInWithCode({
    ticket: b.ticket,
    code: b.code,
    ip: clientIp(c),
    userAgent: c.req.header('user-agent'),
  });
  setRefreshCookie(c, session.refreshToken);
  return c.json(tokenBody(session), 200);
};
