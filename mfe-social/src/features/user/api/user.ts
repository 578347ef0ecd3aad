import type { ApiResponse } from '@portal/shared-ui';
import { socialApi } from '../../../lib/api';

/** A public profile (by username or id), its posts, and Add Friend / Remove. */
export const userApi = socialApi.injectEndpoints({
  endpoints: (build) => ({
    getPerson: build.query<ApiResponse<'/api/social/users/{ref}', 'get'>, string>({
      query: (ref) => `social/users/${encodeURIComponent(ref)}`,
      providesTags: (_r, _e, ref) => [{ type: 'Person', id: ref }],
    }),
    getPersonPosts: build.query<ApiResponse<'/api/social/users/{id}/posts', 'get'>, { id: string; cursor?: string }>({
      query: ({ id, cursor }) => ({ url: `social/users/${id}/posts`, params: cursor ? { cursor } : undefined }),
      providesTags: ['Person'],
    }),
    befriend: build.mutation<ApiResponse<'/api/social/users/{id}/friend', 'post'>, { id: string; add: boolean }>({
      query: ({ id, add }) => ({ url: `social/users/${id}/friend`, method: add ? 'POST' : 'DELETE' }),
      invalidatesTags: ['Person', 'Feed'],
    }),
  }),
});
export const { useGetPersonQuery, useGetPersonPostsQuery, useBefriendMutation } = userApi;
