import { createRoute, z } from '@hono/zod-openapi';
import { requireAdmin, requireAuth } from '../../platform/auth/middleware.js';
import { calendarDate } from '../../platform/http/fields.js';
import { NOT_STORABLE, storableText, errorResponse as err } from '../../platform/http/schemas.js';
import { SubmissionHeadFields, SubmissionTailFields } from '../../platform/kyc/index.js';

export const meRoute = createRoute({
  method: 'get',
  path: '/me',
  'x-access': 'user',
  tags: ['admin'],
  summary: 'Whether the caller is an admin (read from the database)',
  middleware: [requireAuth] as const,
  security: [{ bearer: [] }],
  responses: {
    200: { description: 'Admin flag', content: { 'application/json': { schema: z.object({ is_admin: z.boolean() }) } } },
    401: err('Not signed in'),
  },
});

export const UsersQuery = z.object({
  q: z.string().trim().max(100, 'Search is at most 100 characters')
    .refine(storableText, NOT_STORABLE).optional()
    .openapi({ description: 'Case-insensitive substring of full name, e-mail or username, or an exact customer ID' }),
  include_deleted: z.enum(['true', 'false'], 'Use true or false.').default('false')
    .openapi({ description: "Deleted accounts ('Deleted user') are left out unless true" }),
});

export const UsersResponse = z.object({
  users: z.array(z.object({
    id: z.uuid(),
    full_name: z.string().nullable(),
    email: z.string(),
    username: z.string().nullable(),
    kyc_status: z.string(),
    is_admin: z.boolean(),
    is_accredited_investor: z.boolean(),
    customer_id: z.string(),
    deleted: z.boolean(),
    created_at: z.string().openapi({ format: 'date-time' }),
  })),
}).openapi('AdminUsers');

export const usersRoute = createRoute({
  method: 'get',
  path: '/users',
  'x-access': 'admin',
  tags: ['admin'],
  summary: 'Users, newest first, with optional search (spec 001 §2 Admin Users)',
  middleware: [requireAdmin] as const,
  security: [{ bearer: [] }],
  request: { query: UsersQuery },
  responses: {
    200: { description: 'Users', content: { 'application/json': { schema: UsersResponse } } },
    400: err('Invalid query'),
    401: err('Not signed in'),
    403: err('Not an admin'),
  },
});

// ---------------------------------------------------------------- KYC review, user actions, audit (issue 5)

const adminOnly = { 401: err('Not signed in'), 403: err('Not an admin') };
const IdParam = z.object({ id: z.uuid('Invalid id') });


const QueueItem = z.object({
  ...SubmissionHeadFields,
  document_number: z.string(),
  ...SubmissionTailFields,
  reviewer: z.object({ id: z.uuid(), full_name: z.string().nullable() }).nullable(),
  user: z.object({
    id: z.uuid(), full_name: z.string().nullable(), email: z.string(), username: z.string().nullable(), customer_id: z.string(),
    kyc_status: z.string(), is_accredited_investor: z.boolean(),
  }),
}).openapi('KycQueueItem');

/** A user whose profile says pending KYC with no submission to review (data from before submissions existed). */
const UnreviewableUser = z.object({
  id: z.uuid(), full_name: z.string().nullable(), email: z.string(), username: z.string().nullable(), customer_id: z.string(),
  kyc_status: z.string(), since: z.string().openapi({ format: 'date-time', description: 'Last change of the profile' }),
}).openapi('KycUnreviewableUser');

export const kycQueueRoute = createRoute({
  method: 'get', path: '/kyc', 'x-access': 'admin', tags: ['admin'],
  summary: 'KYC review queue: pending first (oldest first), then reviewed; and every user marked pending with nothing to review',
  middleware: [requireAdmin] as const, security: [{ bearer: [] }],
  request: { query: z.object({ status: z.enum(['pending', 'all'], 'Use pending or all.').default('all') }) },
  responses: {
    200: { description: 'Queue', content: { 'application/json': { schema: z.object({ submissions: z.array(QueueItem), pending_without_submission: z.array(UnreviewableUser) }) } } },
    400: err('Invalid query'), ...adminOnly,
  },
});

export const kycResetRoute = createRoute({
  method: 'post', path: '/users/{id}/kyc-reset', 'x-access': 'admin', tags: ['admin'],
  summary: 'A user marked pending KYC with no submission to review goes back to not started, so they can submit; audited',
  middleware: [requireAdmin] as const, security: [{ bearer: [] }],
  request: { params: IdParam },
  responses: {
    200: { description: 'Reset', content: { 'application/json': { schema: z.object({ id: z.uuid(), kyc_status: z.string() }) } } },
    400: err('Invalid id'), 404: err('Not found'), 409: err('Not pending, or a submission waits for review'), ...adminOnly,
  },
});

export const kycDocumentRoute = createRoute({
  method: 'get', path: '/kyc/{id}/document', 'x-access': 'admin', tags: ['admin'],
  summary: 'The document image of a submission (private bucket; never cached)',
  middleware: [requireAdmin] as const, security: [{ bearer: [] }],
  request: { params: IdParam },
  responses: { 200: { description: 'Image', content: { 'image/*': { schema: z.any().openapi({ type: 'string', format: 'binary' }) } } }, 400: err('Invalid id'), 404: err('Not found'), ...adminOnly },
});

export const ReviewBody = z.object({
  decision: z.enum(['approve', 'reject'], 'Choose approve or reject.'),
  reason: z.string().max(500, 'At most 500 characters.').refine(storableText, NOT_STORABLE).optional().openapi({ description: 'Required to reject; shown to the user' }),
}).strict();

export const kycReviewRoute = createRoute({
  method: 'post', path: '/kyc/{id}/review', 'x-access': 'admin', tags: ['admin'],
  summary: 'Approve or reject a pending submission (reason required to reject); audited',
  middleware: [requireAdmin] as const, security: [{ bearer: [] }],
  request: { params: IdParam, body: { required: true, content: { 'application/json': { schema: ReviewBody } } } },
  responses: {
    200: { description: 'Decided', content: { 'application/json': { schema: z.object({ id: z.uuid(), status: z.string(), kyc_status: z.string(), review_note: z.string().nullable() }) } } },
    400: err('Invalid'), 404: err('Not found'), 409: err('Already reviewed'), ...adminOnly,
  },
});

const USERNAME_MSG = { empty: 'Username cannot be empty.', length: 'Username must be 3-20 characters.', chars: 'Username can only contain letters, numbers, and underscores.' };
export const UpdateUserBody = z.object({
  full_name: z.string().trim().min(1, 'Full name cannot be empty.').max(100, 'Full name must be at most 100 characters.').refine(storableText, NOT_STORABLE).optional(),
  username: z.string().trim().min(1, USERNAME_MSG.empty)
    .refine((s) => s.length === 0 || (s.length >= 3 && s.length <= 20), USERNAME_MSG.length)
    .refine((s) => s.length < 3 || s.length > 20 || /^[A-Za-z0-9_]+$/.test(s), USERNAME_MSG.chars).optional(),
  is_admin: z.boolean().optional(),
  is_accredited_investor: z.boolean().optional(),
}).strict().openapi('AdminUserUpdate');

export const updateUserRoute = createRoute({
  method: 'patch', path: '/users/{id}', 'x-access': 'admin', tags: ['admin'],
  summary: "Edit a user's name/username, admin flag, accredited-investor flag; audited. An admin cannot remove their own admin flag.",
  middleware: [requireAdmin] as const, security: [{ bearer: [] }],
  request: { params: IdParam, body: { required: true, content: { 'application/json': { schema: UpdateUserBody } } } },
  responses: {
    200: { description: 'Updated', content: { 'application/json': { schema: z.object({ id: z.uuid(), full_name: z.string().nullable(), username: z.string().nullable(), is_admin: z.boolean(), is_accredited_investor: z.boolean() }) } } },
    400: err('Invalid field'), 404: err('Not found'), 409: err('Username taken or own admin flag'), ...adminOnly,
  },
});

export const deleteUserRoute = createRoute({
  method: 'delete', path: '/users/{id}', 'x-access': 'admin', tags: ['admin'],
  summary: 'Delete a user by the account deletion rules (refused while a wallet holds money); audited',
  middleware: [requireAdmin] as const, security: [{ bearer: [] }],
  request: { params: IdParam },
  responses: { 204: { description: 'Deleted' }, 400: err('Invalid id'), 404: err('Not found'), 409: err('Wallets hold money, or own account'), ...adminOnly },
});

/** An audit entry's recorded fields (platform/audit stores objects, or null when absent). */
const AuditFields = z.record(z.string(), z.unknown()).nullable();

export const auditRoute = createRoute({
  method: 'get', path: '/audit', 'x-access': 'admin', tags: ['admin'],
  summary: 'Audit log, newest first (who, what, when, before and after), 50 a page; filters: actor (name, e-mail or id), action (prefix), target (subject, a prefix when it ends in ":"), dates',
  middleware: [requireAdmin] as const, security: [{ bearer: [] }],
  request: { query: z.object({
    subject: z.string().max(200).refine(storableText, NOT_STORABLE).optional(),
    actor: z.string().trim().max(200).refine(storableText, NOT_STORABLE).optional(),
    action: z.string().trim().max(100).regex(/^[a-z0-9_.-]*$/, 'Letters, digits, dots, dashes and underscores only.').optional(),
    from: calendarDate().optional(),
    to: calendarDate().optional(),
    cursor: z.string().regex(/^\d{1,19}$/, 'Not a cursor from this list.').optional(),
  }) },
  responses: {
    200: { description: 'Entries', content: { 'application/json': { schema: z.object({ entries: z.array(z.object({
      id: z.string(), actor_id: z.string().nullable(), actor_name: z.string().nullable(), action: z.string(),
      action_words: z.string().openapi({ description: 'The action in words' }), subject: z.string().nullable(),
      subject_name: z.string().nullable().openapi({ description: "The subject's name now (a person, 'TKT-000123 · subject', a campaign); null when the record is gone" }),
      before: AuditFields, after: AuditFields, data: AuditFields, created_at: z.string(),
    })), next_cursor: z.string().nullable() }) } } },
    400: err('Invalid query'), ...adminOnly,
  },
});
