import { createRouter } from '../../platform/http/router.js';
import { authorize } from './authorize/handlers.js';
import { authorizeRoute } from './authorize/routes.js';
import { callback } from './callback/handlers.js';
import { callbackRoute } from './callback/routes.js';
import { config } from './config/handlers.js';
import { configRoute } from './config/routes.js';
import { confirm } from './confirm/handlers.js';
import { confirmRoute } from './confirm/routes.js';
import { devOutbox } from './dev/handlers.js';
import { devOutboxRoute } from './dev/routes.js';
import { logout } from './logout/handlers.js';
import { logoutRoute } from './logout/routes.js';
import { otp } from './otp/handlers.js';
import { otpRoute } from './otp/routes.js';
import * as recover from './recover/handlers.js';
import { recoverCheckRoute, recoverResetRoute, recoverRoute } from './recover/routes.js';
import { resend } from './resend/handlers.js';
import { resendRoute } from './resend/routes.js';
import { signup } from './signup/handlers.js';
import { signUpRoute } from './signup/routes.js';
import { token } from './token/handlers.js';
import { tokenRoute } from './token/routes.js';
import { verify } from './verify/handlers.js';
import { verifyRoute } from './verify/routes.js';

/**
 * /api/auth: every way in (docs/decisions.md "Auth"): password, sign-up, phone OTP, OAuth, One Tap,
 * refresh, sign-out, password recovery. Each path's code is in the folder of its segment:
 * /token (sign-in and refresh) -> token/, /logout -> logout/, /signup -> signup/ (with the e-mail
 * confirmation both /confirm -> confirm/ and /resend -> resend/ use), /otp -> otp/ (the texted codes
 * /verify -> verify/ checks), /authorize and /callback -> authorize/, callback/ (OAuth, oauth.ts),
 * /recover/** -> recover/, /config -> config/, /dev/outbox -> dev/. Shared: sessions.ts (issue, refresh,
 * sign out), users.ts, cookies.ts, password-policy.ts, schemas.ts.
 */
export const router = createRouter()
  .openapi(tokenRoute, token)
  .openapi(logoutRoute, logout)
  .openapi(signUpRoute, signup)
  .openapi(confirmRoute, confirm)
  .openapi(resendRoute, resend)
  .openapi(recoverRoute, recover.recover)
  .openapi(recoverCheckRoute, recover.recoverCheck)
  .openapi(recoverResetRoute, recover.recoverReset)
  .openapi(otpRoute, otp)
  .openapi(verifyRoute, verify)
  .openapi(authorizeRoute, authorize)
  .openapi(callbackRoute, callback)
  .openapi(configRoute, config)
  .openapi(devOutboxRoute, devOutbox);
