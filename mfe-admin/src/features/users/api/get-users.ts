import type { ApiResponse, ApiSchema } from '@portal/shared-ui';
import { adminApi } from '../../../lib/api';

/** GET /api/admin/users?q=&include_deleted= (docs/decisions.md). */
type AdminUsers = ApiSchema<'AdminUsers'>;
export type AdminUser = AdminUsers['users'][number];
export type UserPatch = ApiSchema<'AdminUserUpdate'>;

const usersApi = adminApi.injectEndpoints({
  endpoints: (build) => ({
    getUsers: build.query<AdminUsers, { q: string; includeDeleted: boolean }>({
      query: ({ q, includeDeleted }) => ({
        url: 'admin/users',
        params: { q: q.trim() || undefined, include_deleted: includeDeleted ? 'true' : undefined },
      }),
      providesTags: ['Users'],
    }),
    updateUser: build.mutation<ApiResponse<'/api/admin/users/{id}', 'patch'>, { id: string; patch: UserPatch }>({
      query: ({ id, patch }) => ({ url: `admin/users/${id}`, method: 'PATCH', body: patch }),
      invalidatesTags: ['Users'],
    }),
    deleteUser: build.mutation<void, string>({
      query: (id) => ({ url: `admin/users/${id}`, method: 'DELETE' }),
      invalidatesTags: ['Users'],
    }),
  }),
});
export const { useGetUsersQuery, useUpdateUserMutation, useDeleteUserMutation } = usersApi;
