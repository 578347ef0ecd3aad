import type { ApiResponse } from '@portal/shared-ui';
import { socialApi } from '../../../lib/api';

/** GET /api/social/posts: the feed, newest first, 10 a page (cursor). */
export const feedApi = socialApi.injectEndpoints({
  endpoints: (build) => ({
    getFeed: build.query<ApiResponse<'/api/social/posts', 'get'>, { cursor?: string }>({
      query: ({ cursor }) => ({ url: 'social/posts', params: cursor ? { cursor } : undefined }),
      providesTags: ['Feed'],
    }),
  }),
});
export const { useGetFeedQuery } = feedApi;
