import { createRoute, z } from '@hono/zod-openapi';
import { requireAdmin } from '../../../platform/auth/middleware.js';
import { NOT_STORABLE, storableText, errorResponse as err } from '../../../platform/http/schemas.js';
import { adminOnly, IdParam } from '../schemas.js';

export const UsersQuery = z.object({
  q: z
    .string()
    .trim()
    .max(100, 'Search is at most 100 characters')
    .refine(storableText, NOT_STORABLE)
    .optional()
    .openapi({ description: 'Case-insensitive substring of full name, e-mail or username, or an exact customer ID' }),
  include_deleted: z
    .enum(['true', 'false'], 'Use true or false.')
    .default('false')
    .openapi({ description: "Deleted accounts ('Deleted user') are left out unless true" }),
});

export const UsersResponse = z
  .object({
    users: z.array(
      z.object({
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
      }),
    ),
  })
  .openapi('AdminUsers');

export const usersRoute = createRoute({
  method: 'get',
  path: '/users',
  'x-access': 'admin',
  tags: ['admin'],
  summary: 'Users, newest first, with optional search (docs/product.md "Admin")',
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

const USERNAME_MSG = {
  empty: 'Username cannot be empty.',
  length: 'Username must be 3-20 characters.',
  chars: 'Username can only contain letters, numbers, and underscores.',
};
export const UpdateUserBody = z
  .object({
    full_name: z
      .string()
      .trim()
      .min(1, 'Full name cannot be empty.')
      .max(100, 'Full name must be at most 100 characters.')
      .refine(storableText, NOT_STORABLE)
      .optional(),
    username: z
      .string()
      .trim()
      .min(1, USERNAME_MSG.empty)
      .refine((s) => s.length === 0 || (s.length >= 3 && s.length <= 20), USERNAME_MSG.length)
      .refine((s) => s.length < 3 || s.length > 20 || /^[A-Za-z0-9_]+$/.test(s), USERNAME_MSG.chars)
      .optional(),
    is_admin: z.boolean().optional(),
    is_accredited_investor: z.boolean().optional(),
  })
  .strict()
  .openapi('AdminUserUpdate');

export const updateUserRoute = createRoute({
  method: 'patch',
  path: '/users/{id}',
  'x-access': 'admin',
  tags: ['admin'],
  summary:
    "Edit a user's name/username, admin flag, accredited-investor flag; audited. An admin cannot remove their own admin flag.",
  middleware: [requireAdmin] as const,
  security: [{ bearer: [] }],
  request: { params: IdParam, body: { required: true, content: { 'application/json': { schema: UpdateUserBody } } } },
  responses: {
    200: {
      description: 'Updated',
      content: {
        'application/json': {
          schema: z.object({
            id: z.uuid(),
            full_name: z.string().nullable(),
            username: z.string().nullable(),
            is_admin: z.boolean(),
            is_accredited_investor: z.boolean(),
          }),
        },
      },
    },
    400: err('Invalid field'),
    404: err('Not found'),
    409: err('Username taken or own admin flag'),
    ...adminOnly,
  },
});

export const deleteUserRoute = createRoute({
  method: 'delete',
  path: '/users/{id}',
  'x-access': 'admin',
  tags: ['admin'],
  summary: 'Delete a user by the account deletion rules (refused while a wallet holds money); audited',
  middleware: [requireAdmin] as const,
  security: [{ bearer: [] }],
  request: { params: IdParam },
  responses: {
    204: { description: 'Deleted' },
    400: err('Invalid id'),
    404: err('Not found'),
    409: err('Wallets hold money, or own account'),
    ...adminOnly,
  },
});

export const kycResetRoute = createRoute({
  method: 'post',
  path: '/users/{id}/kyc-reset',
  'x-access': 'admin',
  tags: ['admin'],
  summary:
    'A user marked pending KYC with no submission to review goes back to not started, so they can submit; audited',
  middleware: [requireAdmin] as const,
  security: [{ bearer: [] }],
  request: { params: IdParam },
  responses: {
    200: {
      description: 'Reset',
      content: { 'application/json': { schema: z.object({ id: z.uuid(), kyc_status: z.string() }) } },
    },
    400: err('Invalid id'),
    404: err('Not found'),
    409: err('Not pending, or a submission waits for review'),
    ...adminOnly,
  },
});
