import { adminApi } from '../../../lib/api';

/** GET /api/admin/users?q= (docs/decisions.md). */
export interface AdminUser {
  id: string;
  full_name: string | null;
  email: string | null;
  username: string | null;
  kyc_status: string | null;
  is_admin: boolean;
  created_at: string | null;
}

const usersApi = adminApi.injectEndpoints({
  endpoints: (build) => ({
    getUsers: build.query<{ users: AdminUser[] }, string>({
      query: (q) => ({ url: 'admin/users', params: { q: q.trim() || undefined } }),
      providesTags: ['Users'],
    }),
  }),
});
export const { useGetUsersQuery } = usersApi;
