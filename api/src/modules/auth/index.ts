import { createRouter } from '../../platform/http/router.js';
import * as h from './handlers.js';
import * as r from './routes.js';
import * as pkH from './passkeys/handlers.js';
import * as pkR from './passkeys/routes.js';
import * as sfH from './second-factor/handlers.js';
import * as sfR from './second-factor/routes.js';
import * as saH from './security-activity/handlers.js';
import * as saR from './security-activity/routes.js';
import * as suH from './step-up/handlers.js';
import * as suR from './step-up/routes.js';

/** /api/auth: every way in (docs/decisions.md "Auth"): password, sign-up, phone OTP, OAuth, One Tap, refresh, sign-out, password recovery; passkeys, second factor and step-up (sub-folders). */
export const router = createRouter()
  .openapi(r.tokenRoute, h.token)
  .openapi(r.logoutRoute, h.logout)
  .openapi(r.signUpRoute, h.signup)
  .openapi(r.confirmRoute, h.confirm)
  .openapi(r.resendRoute, h.resend)
  .openapi(r.recoverRoute, h.recover)
  .openapi(r.recoverCheckRoute, h.recoverCheck)
  .openapi(r.recoverResetRoute, h.recoverReset)
  .openapi(r.otpRoute, h.otp)
  .openapi(r.verifyRoute, h.verify)
  .openapi(r.authorizeRoute, h.authorize)
  .openapi(r.callbackRoute, h.callback)
  .openapi(r.configRoute, h.config)
  .openapi(r.devOutboxRoute, h.devOutbox)
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
