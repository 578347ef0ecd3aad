import { createRoute, z } from '@hono/zod-openapi';
import { errorResponse as err } from '../../platform/http/schemas.js';
import { developmentOnly } from '../../platform/http/development-only.js';

// Every route here is callable signed out ('x-access': 'public', docs/decisions.md): these are the
// ways in. Each one is rate limited where it could be abused.

const errors = (codes: Record<number, string>) => Object.fromEntries(Object.entries(codes).map(([k, v]) =>
  [k, err(v)]));

export const TokenQuery = z.object({
  grant_type: z.enum(['password', 'refresh_token', 'id_token']).openapi({
    description: 'password: body email+password. refresh_token: reads the portal_rt cookie. id_token: body provider (google) + id_token (Google One Tap).',
  }),
});

export const PasswordGrantBody = z.object({
  email: z.email('Enter a valid e-mail address').max(254),
  password: z.string().min(1, 'Password is required').max(1024),
}).openapi('PasswordGrant');

export const IdTokenGrantBody = z.object({
  provider: z.literal('google', { error: 'Only google is supported' }),
  id_token: z.string().min(1, 'id_token is required').max(8192),
  nonce: z.string().max(256).optional(),
}).openapi('IdTokenGrant');

export const TokenResponse = z.object({
  access_token: z.string(),
  token_type: z.literal('bearer'),
  expires_in: z.number().int(),
  expires_at: z.number().int().openapi({ description: 'unix seconds' }),
  user: z.object({ id: z.uuid(), email: z.string() }),
}).openapi('TokenResponse');

export const tokenRoute = createRoute({
  method: 'post',
  path: '/token',
  'x-access': 'public',
  tags: ['auth'],
  summary: 'Sign in (password, Google id token) or refresh the session (refresh token from the httpOnly cookie)',
  description: 'The refresh token is set only as the httpOnly, SameSite=Strict cookie `portal_rt` (Path /api/auth). ' +
    'Reusing a rotated refresh token revokes its whole family. An account whose e-mail is unconfirmed 48 hours after sign-up gets 403.',
  request: {
    query: TokenQuery,
    // Lenient here because the refresh grant sends no body; each grant's body is checked strictly in the handler.
    body: { required: false, content: { 'application/json': { schema: z.object({ email: z.string().optional(), password: z.string().optional(), provider: z.string().optional(), id_token: z.string().optional(), nonce: z.string().optional() }) } } },
  },
  responses: {
    200: { description: 'Signed in', content: { 'application/json': { schema: TokenResponse } } },
    ...errors({ 400: 'Invalid body', 401: 'Invalid credentials, refresh token or id token', 403: 'Account disabled or e-mail not confirmed within 48 hours', 429: 'Too many sign-in attempts' }),
  },
});

export const logoutRoute = createRoute({
  method: 'post',
  path: '/logout',
  'x-access': 'public',
  tags: ['auth'],
  summary: 'Sign out: global revokes every session of the user, local only this one',
  security: [{ bearer: [] }],
  request: { query: z.object({ scope: z.enum(['global', 'local']).default('global') }) },
  responses: { 204: { description: 'Signed out; the refresh cookie is cleared' } },
});

/** E.164 after removing spaces, dashes, dots and brackets. */
export const Phone = z.string().max(32)
  .transform((s) => s.replace(/[\s\-().]/g, ''))
  .pipe(z.string().regex(/^\+[1-9]\d{7,14}$/, 'Include the country code, for example +15551234567'))
  .openapi({ example: '+15551234567' });

export const SignUpBody = z.object({
  email: z.email('Enter a valid e-mail address').max(254),
  password: z.string().max(1024, 'Password is too long'),
  data: z.object({ full_name: z.string().trim().min(1, 'Full name is required').max(200) }),
  phone: z.union([z.literal(''), Phone]).optional().transform((p) => p || undefined),
}).openapi('SignUp');

export const signUpRoute = createRoute({
  method: 'post',
  path: '/signup',
  'x-access': 'public',
  tags: ['auth'],
  summary: 'Sign up: creates the account, mails a confirmation link (48 hours); texts a code when a phone is given',
  description: 'Weak passwords (fewer than 8 characters, or among the 10,000 most common) get 400 with `details.weak_password.reasons` (length, pwned). ' +
    'An e-mail that already has an account gets the same 200 (its owner is told by mail).',
  request: { body: { required: true, content: { 'application/json': { schema: SignUpBody } } } },
  responses: {
    200: { description: 'Account created (or already existed); confirmation mail sent', content: { 'application/json': { schema: z.object({ email: z.string(), confirmation_sent: z.boolean(), phone_otp_sent: z.boolean() }) } } },
    ...errors({ 400: 'Invalid body or weak password', 409: 'Phone number registered to another account', 429: 'Too many sign-up attempts' }),
  },
});

export const confirmRoute = createRoute({
  method: 'get',
  path: '/confirm',
  'x-access': 'public',
  tags: ['auth'],
  summary: 'E-mail confirmation link: marks the e-mail confirmed, redirects to /auth?confirmed=1 (or ?confirm_error=...)',
  request: { query: z.object({ token: z.string().optional() }) },
  responses: { 302: { description: 'Redirect to /auth with the outcome' } },
});

export const otpRoute = createRoute({
  method: 'post',
  path: '/otp',
  'x-access': 'public',
  tags: ['auth'],
  summary: 'Text a 6-digit sign-in code (valid 5 minutes) to the phone of an account',
  description: 'The answer is the same whether or not the phone belongs to an account. One code per minute and five per hour per phone.',
  request: { body: { required: true, content: { 'application/json': { schema: z.object({ phone: Phone }).openapi('OtpRequest') } } } },
  responses: {
    200: { description: 'Code sent if the phone belongs to an account', content: { 'application/json': { schema: z.object({ sent: z.literal(true), expires_in: z.number().int() }) } } },
    ...errors({ 400: 'Invalid phone', 429: 'Resend throttled or too many codes' }),
  },
});

export const verifyRoute = createRoute({
  method: 'post',
  path: '/verify',
  'x-access': 'public',
  tags: ['auth'],
  summary: 'Verify the texted code and sign in (type sms)',
  request: {
    body: {
      required: true,
      content: { 'application/json': { schema: z.object({ phone: Phone, token: z.string().regex(/^\d{6}$/, 'The code has 6 digits'), type: z.literal('sms', { error: 'type must be sms' }) }).openapi('VerifyOtp') } },
    },
  },
  responses: {
    200: { description: 'Signed in', content: { 'application/json': { schema: TokenResponse } } },
    ...errors({ 400: 'Invalid body', 401: 'Wrong, expired or used code', 403: 'Account disabled', 429: 'Too many attempts' }),
  },
});

export const authorizeRoute = createRoute({
  method: 'get',
  path: '/authorize',
  'x-access': 'public',
  tags: ['auth'],
  summary: 'Start OAuth sign-in (google, facebook): redirect to the provider with state, PKCE S256 and nonce',
  request: { query: z.object({ provider: z.enum(['google', 'facebook']), redirect_to: z.string().max(2048).optional().openapi({ description: 'A URL on this origin; default /dashboard' }) }) },
  responses: {
    302: { description: "Redirect to the provider's authorization endpoint" },
    ...errors({ 400: 'Unknown or unconfigured provider, or redirect_to on another origin' }),
  },
});

export const callbackRoute = createRoute({
  method: 'get',
  path: '/callback',
  'x-access': 'public',
  // The provider adds parameters of its own (scope, authuser, prompt, iss...): not ours to refuse.
  'x-query': 'open',
  tags: ['auth'],
  summary: 'OAuth callback: exchanges the code, signs in, sets the refresh cookie, redirects to redirect_to; on failure to /auth?error=...&provider=...',
  request: { query: z.object({ code: z.string().max(4096).optional(), state: z.string().max(256).optional(), error: z.string().max(256).optional(), error_description: z.string().max(1024).optional() }) },
  responses: { 302: { description: 'Redirect to redirect_to (signed in) or to /auth with the error' } },
});

export const configRoute = createRoute({
  method: 'get',
  path: '/config',
  'x-access': 'public',
  tags: ['auth'],
  summary: 'Public sign-in configuration: which providers are configured and the Google client id for One Tap',
  responses: {
    200: { description: 'Configuration', content: { 'application/json': { schema: z.object({ google_client_id: z.string().nullable(), providers: z.object({ google: z.boolean(), facebook: z.boolean() }) }) } } },
  },
});

export const devOutboxRoute = createRoute({
  method: 'get',
  path: '/dev/outbox',
  'x-access': 'public',
  'x-development-only': true,
  middleware: [developmentOnly] as const,
  tags: ['auth'],
  summary: 'Development only (404 when NODE_ENV=production or to a caller not on this machine): outbound e-mail and SMS written to the outbox, newest first',
  description: 'Filter by `to` (the e-mail address or phone number the message went to; `recipient` is the same filter under its first name). Unknown parameters are refused (400).',
  request: {
    query: z.object({
      to: z.string().max(254).optional(),
      recipient: z.string().max(254).optional(),
      channel: z.enum(['email', 'sms']).optional(),
      limit: z.coerce.number().int().min(1).max(100).optional(),
    }),
  },
  responses: {
    200: {
      description: 'Messages',
      content: { 'application/json': { schema: z.object({ messages: z.array(z.object({ id: z.string(), channel: z.enum(['email', 'sms']), recipient: z.string(), subject: z.string().nullable(), body: z.string(), created_at: z.string(), sent_at: z.string().nullable() })) }) } },
    },
    ...errors({ 404: 'Off in production, and to callers not on this machine' }),
  },
});

export const resendRoute = createRoute({
  method: 'post',
  path: '/resend',
  'x-access': 'public',
  tags: ['auth'],
  summary: 'Send a new e-mail confirmation link (type signup); confirming re-enables an account past its 48 hours',
  description: 'The answer is the same whether or not the e-mail has an unconfirmed account.',
  request: { body: { required: true, content: { 'application/json': { schema: z.object({ type: z.literal('signup', { error: 'type must be signup' }), email: z.email('Enter a valid e-mail address').max(254) }).openapi('ResendConfirmation') } } } },
  responses: {
    200: { description: 'Sent if the e-mail has an unconfirmed account', content: { 'application/json': { schema: z.object({ sent: z.literal(true) }) } } },
    ...errors({ 400: 'Invalid body', 429: 'Too many requests' }),
  },
});

const RecoverBody = z.object({ email: z.email('Enter a valid e-mail address').max(254) }).strict().openapi('PasswordRecovery');
const ResetToken = z.string().min(1, 'The reset link is missing its token.').max(200, 'The reset link is not valid.');

export const recoverRoute = createRoute({
  method: 'post',
  path: '/recover',
  'x-access': 'public',
  tags: ['auth'],
  summary: 'Forgot password: mail a single-use reset link (valid 1 hour)',
  description: 'The answer is the same whether or not the e-mail has an account. Limited like sign-in: per address, and 3 per e-mail per 15 minutes.',
  request: { body: { required: true, content: { 'application/json': { schema: RecoverBody } } } },
  responses: {
    200: { description: 'Mailed if the e-mail has an account', content: { 'application/json': { schema: z.object({ sent: z.literal(true) }) } } },
    ...errors({ 400: 'Invalid e-mail', 429: 'Too many requests' }),
  },
});

export const recoverCheckRoute = createRoute({
  method: 'post',
  path: '/recover/check',
  'x-access': 'public',
  tags: ['auth'],
  summary: 'Whether a password reset link still works (unused, within its hour); does not spend it',
  request: { body: { required: true, content: { 'application/json': { schema: z.object({ token: ResetToken }).strict().openapi('PasswordResetLink') } } } },
  responses: {
    200: { description: 'valid false: expired, used or unknown', content: { 'application/json': { schema: z.object({ valid: z.boolean() }) } } },
    ...errors({ 400: 'Invalid body' }),
  },
});

export const recoverResetRoute = createRoute({
  method: 'post',
  path: '/recover/reset',
  'x-access': 'public',
  tags: ['auth'],
  summary: 'Set a new password with a reset link: every session of the account is signed out, a notice is mailed',
  description: 'The password policy of sign-up applies (400 with `details.weak_password.reasons`; the link is not spent). ' +
    'An expired, used or unknown link: 400 with `details.fields.token`.',
  request: {
    body: { required: true, content: { 'application/json': { schema: z.object({ token: ResetToken, password: z.string().max(1024, 'Password is too long') }).strict().openapi('PasswordReset') } } },
  },
  responses: {
    200: { description: 'Password changed; sign in with it', content: { 'application/json': { schema: z.object({ email: z.string() }) } } },
    ...errors({ 400: 'Weak password, or the link is invalid, expired or used' }),
  },
});
