import type { RouteHandler } from '@hono/zod-openapi';
import { currentUser } from '../../../platform/auth/middleware.js';
import { validationError } from '../../../platform/errors.js';
import type { AppEnv } from '../../../platform/http/env.js';
import { changePin, PIN_FORMAT_MESSAGE, PIN_PATTERN, setPin, verifyPin } from '../../../platform/pin/index.js';
import type { pinRoute } from './routes.js';

export const managePin: RouteHandler<typeof pinRoute, AppEnv> = async (c) => {
  const user = currentUser(c);
  const b = c.req.valid('json');
  if (b.action === 'set_pin') {
    await setPin(user.id, b.pin);
    return c.json({ message: 'Transaction PIN set.' }, 200);
  }
  if (b.action === 'change_pin') {
    if (!PIN_PATTERN.test(b.pin) || (b.current_pin ?? '').length !== 4)
      throw validationError(
        { [PIN_PATTERN.test(b.pin) ? 'current_pin' : 'pin']: PIN_FORMAT_MESSAGE },
        PIN_FORMAT_MESSAGE,
      );
    await changePin(user.id, b.current_pin!, b.pin);
    return c.json({ message: 'Transaction PIN updated.' }, 200);
  }
  await verifyPin(user.id, b.pin);
  return c.json({ verified: true }, 200);
};
