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
import * as pkH from './passkeys/handlers.js';
import * as pkR from './passkeys/routes.js';
import * as sfH from './second-factor/handlers.js';
import * as sfR from './second-factor/routes.js';
import * as saH from './security-activity/handlers.js';
import * as saR from './security-activity/routes.js';
import * as suH from './step-up/handlers.js';
import * as suR from './step-up/routes.js';

/**
 * /api/auth: every way in (docs/decisions.md "Auth"): password, sign-up, phone OTP, OAuth, One Tap,
 * refresh, sign-out, password recovery. Each path's code is in the folder of its segment:
 * /token (sign-in and refresh) -> token/, /logout -> logout/, /signup -> signup/ (with the e-mail
 * confirmation both /confirm -> confirm/ and /resend -> resend/ use), /otp -> otp/ (the texted codes
 * /verify -> verify/ checks), /authorize and /callback -> authorize/, callback/ (OAuth, oauth.ts),
 * /recover/** -> recover/, /config -> config/, /dev/outbox -> dev/; passkeys, the second factor,
 * step-up and the security activity in passkeys/, second-factor/, step-up/, security-activity/. Shared: sessions.ts (issue, refresh,
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
  .openapi(devOutboxRoute, devOutbox)
  .openapi(pkR.listPasskeysRoute, pkH.list)
  .openapi(pkR.registrationOptionsRoute, pkH.creationOptions)
  .openapi(pkR.registerPasskeyRoute, pkH.register)
  .openapi(pkR.removePasskeyRoute, pkH.remove)
  .openapi(pkR.signInOptionsRoute, pkH.requestOptions)
  .openapi(pkR.passkeySignInRoute, pkH.signIn)
  .openapi(sfR.statusRoute, sfH.status)
  .openapi(sfR.totpSetupRoute, sfH.totpSetup)
  .openapi(sfR.totpEnableRoute, sfH.totpEnable)
  .openapi(sfR.totpDisableRoute, sfH.totpDisable)
  .openapi(sfR.renewRecoveryCodesRoute, sfH.renewCodes)
  .openapi(sfR.codeSignInRoute, sfH.codeSignIn)
  .openapi(suR.stepUpCodeRoute, suH.withCode)
  .openapi(suR.stepUpOptionsRoute, suH.passkeyOptions)
  .openapi(suR.stepUpPasskeyRoute, suH.withPasskey)
  .openapi(saR.securityActivityRoute, saH.list);
