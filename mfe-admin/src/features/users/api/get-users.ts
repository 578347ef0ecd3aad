import { adminApi } from '../../../lib/api';

/** GET /api/admin/users?q= (docs/decisions.md). */
export interface AdminUser {
  id: string;
  full_name: string | null;
  email: string | null;
  username: string | null;
  kyc_status: string | null;
  is_admin: boolean;
  is_accredited_investor?: boolean;
  customer_id?: string;
  deleted?: boolean;
  created_at: string | null;
}
export interface UserPatch { full_name?: string; username?: string; is_admin?: boolean; is_accredited_investor?: boolean }

const usersApi = adminApi.injectEndpoints({
  endpoints: (build) => ({
    getUsers: build.query<{ users: AdminUser[] }, string>({
      query: (q) => ({ url: 'admin/users', params: { q: q.trim() || undefined } }),
      providesTags: ['Users'],
    }),
    updateUser: build.mutation<unknown, { id: string; patch: UserPatch }>({
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
