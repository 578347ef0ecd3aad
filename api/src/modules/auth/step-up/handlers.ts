import type { RouteHandler } from '@hono/zod-openapi';
import { currentUser } from '../../../platform/auth/middleware.js';
import { clientIp } from '../../../platform/http/client-ip.js';
import type { AppEnv } from '../../../platform/http/env.js';
import { publicOrigin } from '../../../platform/http/origin.js';
import { toAuthenticationJSON } from '../passkeys/schemas.js';
import { assertionOptions, stepUpWithPasskey } from '../passkeys/service.js';
import { stepUpWithCode } from '../second-factor/service.js';
import type { stepUpCodeRoute, stepUpOptionsRoute, stepUpPasskeyRoute } from './routes.js';

export const withCode: RouteHandler<typeof stepUpCodeRoute, AppEnv> = async (c) => {
  const until = await stepUpWithCode(currentUser(c), c.req.valid('json').code, clientIp(c));
  return c.json({ step_up_until: until.toISOString() }, 200);
};

export const passkeyOptions: RouteHandler<typeof stepUpOptionsRoute, AppEnv> = async (c) =>
  c.json(await assertionOptions('step_up', publicOrigin(c), currentUser(c).id), 200);

export const withPasskey: RouteHandler<typeof stepUpPasskeyRoute, AppEnv> = async (c) => {
  const until = await stepUpWithPasskey(
    currentUser(c),
    toAuthenticationJSON(c.req.valid('json').response),
    publicOrigin(c),
  );
  return c.json({ step_up_until: until.toISOString() }, 200);
};
