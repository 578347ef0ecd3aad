import { createRouter } from '../../platform/http/router.js';
import * as h from './handlers.js';
import * as r from './routes.js';

/** /api/auth: every way in (docs/decisions.md "Auth"): password, sign-up, phone OTP, OAuth, One Tap, refresh, sign-out, password recovery. */
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
  .openapi(r.devOutboxRoute, h.devOutbox);
