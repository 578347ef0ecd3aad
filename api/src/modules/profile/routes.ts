import { createRoute, z } from '@hono/zod-openapi';
import { requireAuth } from '../../platform/auth/middleware.js';
import { Money, errorResponse as err } from '../../platform/http/schemas.js';
import { uploadBodyLimit, uploadLimitResponses } from '../../platform/storage/index.js';
import { FullName, Hashtags, LimitAmount, Username } from './rules.js';

const NullableMoney = Money.nullable();

export const ProfileSchema = z.object({
  id: z.uuid(),
  full_name: z.string().nullable(),
  username: z.string().nullable(),
  email: z.string(),
  email_confirmed: z.boolean(),
  email_confirmed_at: z.string().nullable(),
  avatar_url: z.string().nullable(),
  kyc_status: z.enum(['not_started', 'pending', 'verified', 'rejected']),
  has_pin: z.boolean().openapi({ description: 'A transaction PIN is set (the hash is never sent)' }),
  is_accredited_investor: z.boolean(),
  is_admin: z.boolean(),
  daily_transaction_limit: NullableMoney,
  weekly_transaction_limit: NullableMoney,
  monthly_transaction_limit: NullableMoney,
  limit_caps: z.object({ daily: Money, weekly: Money, monthly: Money }).openapi({ description: 'Platform maximums (US dollars)' }),
  default_payment_hashtags: z.array(z.string()),
  profile_privacy: z.enum(['public', 'friends_only', 'private']),
  customer_id: z.string().openapi({ example: 'PT-7K4M-9QX2', description: 'What support asks for' }),
  member_since: z.string().openapi({ format: 'date-time' }),
  updated_at: z.string().openapi({ format: 'date-time' }),
}).openapi('Profile');

const profileOk = { description: 'The profile', content: { 'application/json': { schema: ProfileSchema } } };

export const getProfileRoute = createRoute({
  method: 'get', path: '/', 'x-access': 'user', tags: ['profile'],
  summary: "The caller's profile and settings (spec 000 §2 Profile and settings)",
  middleware: [requireAuth] as const, security: [{ bearer: [] }],
  responses: { 200: profileOk, 401: err('Not signed in'), 404: err('No profile') },
});

export const UpdateProfileBody = z.object({
  full_name: FullName.optional(),
  username: Username.optional(),
  default_payment_hashtags: Hashtags.optional(),
  profile_privacy: z.enum(['public', 'friends_only', 'private']).optional(),
}).strict().openapi('ProfileUpdate');

export const updateProfileRoute = createRoute({
  method: 'patch', path: '/', 'x-access': 'user', tags: ['profile'],
  summary: 'Update own full name, username, default payment hashtags, privacy',
  middleware: [requireAuth] as const, security: [{ bearer: [] }],
  request: { body: { required: true, content: { 'application/json': { schema: UpdateProfileBody } } } },
  responses: { 200: profileOk, 400: err('Invalid field'), 401: err('Not signed in'), 409: err('Username already taken') },
});

export const LimitsBody = z.object({
  daily_transaction_limit: LimitAmount,
  weekly_transaction_limit: LimitAmount,
  monthly_transaction_limit: LimitAmount,
}).strict().openapi('TransactionLimits');

export const setLimitsRoute = createRoute({
  method: 'put', path: '/limits', 'x-access': 'user', tags: ['profile'],
  summary: 'Set own daily/weekly/monthly transaction limits (dollars; null = Not Set) within the platform maximums',
  middleware: [requireAuth] as const, security: [{ bearer: [] }],
  request: { body: { required: true, content: { 'application/json': { schema: LimitsBody } } } },
  responses: { 200: profileOk, 400: err('Invalid or above the maximum'), 401: err('Not signed in') },
});

const FileField = z.any().openapi({ type: 'string', format: 'binary' });

export const uploadAvatarRoute = createRoute({
  method: 'post', path: '/avatar', 'x-access': 'user', tags: ['profile'],
  summary: 'Upload an avatar (JPEG, PNG or WebP, at most 2 MB; stored in the public avatars bucket)',
  middleware: [requireAuth, uploadBodyLimit('avatars', 'file')] as const, security: [{ bearer: [] }],
  request: { body: { required: true, content: { 'multipart/form-data': { schema: z.object({ file: FileField }) } } } },
  responses: { 200: profileOk, 400: err('Not an accepted image or too large'), 401: err('Not signed in'), ...uploadLimitResponses },
});

export const deleteAvatarRoute = createRoute({
  method: 'delete', path: '/avatar', 'x-access': 'user', tags: ['profile'],
  summary: 'Remove the avatar (the initial is shown instead)',
  middleware: [requireAuth] as const, security: [{ bearer: [] }],
  responses: { 200: profileOk, 401: err('Not signed in') },
});

export const avatarFileRoute = createRoute({
  method: 'get', path: '/avatars/{file}', 'x-access': 'public', tags: ['profile'],
  summary: 'An avatar image (public bucket; immutable: a new upload gets a new name)',
  request: { params: z.object({ file: z.string().regex(/^[A-Za-z0-9][A-Za-z0-9._-]{0,200}$/, 'Invalid file name') }) },
  responses: {
    200: { description: 'Image', content: { 'image/*': { schema: z.any().openapi({ type: 'string', format: 'binary' }) } } },
    404: err('No such image'),
  },
});

export const SessionSchema = z.object({
  id: z.uuid().openapi({ description: 'Session (refresh-token family) id' }),
  device: z.string(),
  user_agent: z.string().nullable(),
  signed_in_at: z.string().openapi({ format: 'date-time' }),
  last_used_at: z.string().openapi({ format: 'date-time' }),
  current: z.boolean(),
}).openapi('Session');

export const listSessionsRoute = createRoute({
  method: 'get', path: '/sessions', 'x-access': 'user', tags: ['profile'],
  summary: "The caller's active sessions (device, sign-in, last use)",
  middleware: [requireAuth] as const, security: [{ bearer: [] }],
  responses: { 200: { description: 'Sessions', content: { 'application/json': { schema: z.object({ sessions: z.array(SessionSchema) }) } } }, 401: err('Not signed in') },
});

export const revokeSessionRoute = createRoute({
  method: 'delete', path: '/sessions/{id}', 'x-access': 'owner', tags: ['profile'],
  summary: 'Sign one session out (its refresh token stops working at once; an access token lapses within 15 minutes)',
  middleware: [requireAuth] as const, security: [{ bearer: [] }],
  request: { params: z.object({ id: z.uuid('Invalid session id') }) },
  responses: { 204: { description: 'Signed out' }, 400: err('Invalid id'), 401: err('Not signed in'), 404: err('No such session of yours') },
});

export const deletionCheckRoute = createRoute({
  method: 'get', path: '/deletion', 'x-access': 'user', tags: ['profile'],
  summary: 'Whether the account can be deleted now (wallets holding money block it)',
  middleware: [requireAuth] as const, security: [{ bearer: [] }],
  responses: {
    200: { description: 'Check', content: { 'application/json': { schema: z.object({ can_delete: z.boolean(), wallets: z.array(z.object({ symbol: z.string(), balance: Money })) }) } } },
    401: err('Not signed in'),
  },
});

export const deleteAccountRoute = createRoute({
  method: 'post', path: '/delete-account', 'x-access': 'user', tags: ['profile'],
  summary: 'Delete own account: password required; refused while any wallet holds money',
  middleware: [requireAuth] as const, security: [{ bearer: [] }],
  request: { body: { required: true, content: { 'application/json': { schema: z.object({ password: z.string().min(1, 'Enter your password.').max(1024) }).strict() } } } },
  responses: { 204: { description: 'Deleted; every session is signed out' }, 400: err('Wrong password'), 401: err('Not signed in'), 409: err('Wallets hold money'), 429: err('Too many attempts') },
});

export const pinResetCodeRoute = createRoute({
  method: 'post', path: '/pin-reset/code', 'x-access': 'user', tags: ['profile'],
  summary: 'Forgot PIN, step 1: mail a 6-digit code (10 minutes, single use) to the account e-mail',
  description: 'One code a minute and 5 an hour per account; a new code replaces the previous one. 409 when no PIN is set.',
  middleware: [requireAuth] as const, security: [{ bearer: [] }],
  responses: {
    200: { description: 'Code mailed', content: { 'application/json': { schema: z.object({ sent: z.literal(true), expires_in: z.number().int(), email: z.string().openapi({ description: 'Where the code went (the caller\'s own address)' }) }) } } },
    401: err('Not signed in'), 409: err('No PIN is set'), 429: err('Too many codes'),
  },
});

export const pinResetRoute = createRoute({
  method: 'post', path: '/pin-reset', 'x-access': 'user', tags: ['profile'],
  summary: 'Forgot PIN, step 2: account password + mailed code -> new PIN; lifts a PIN lock; audited (account.pin_reset)',
  description: 'Wrong password: 400 on `password` (5 tries per 15 minutes). Wrong code: 400 on `code` with `details.attempts_left` (5 wrong spend it). Expired or used code: 400 on `code`.',
  middleware: [requireAuth] as const, security: [{ bearer: [] }],
  request: {
    body: {
      required: true,
      content: {
        'application/json': {
          schema: z.object({
            password: z.string().min(1, 'Enter your password.').max(1024),
            code: z.string().regex(/^\d{6}$/, 'The code has 6 digits.'),
            pin: z.string().regex(/^\d{4}$/, 'PINs must be 4 digits.'),
          }).strict().openapi('PinReset'),
        },
      },
    },
  },
  responses: {
    204: { description: 'New PIN stored, lock lifted; a notice is mailed' },
    400: err('Wrong password or code, or invalid PIN'), 401: err('Not signed in'), 409: err('No PIN is set'), 429: err('Too many attempts'),
  },
});
