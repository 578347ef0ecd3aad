import type { ApiResponse } from '@portal/shared-ui';
import { socialApi } from '../../../lib/api';

/** One post, its like toggle and its comments (docs/product.md "Feed and profiles"). */
export const postApi = socialApi.injectEndpoints({
  endpoints: (build) => ({
    getPost: build.query<ApiResponse<'/api/social/posts/{id}', 'get'>, string>({
      query: (id) => `social/posts/${id}`,
      providesTags: (_r, _e, id) => [{ type: 'Post', id }],
    }),
    toggleLike: build.mutation<ApiResponse<'/api/social/posts/{id}/like', 'post'>, string>({
      query: (id) => ({ url: `social/posts/${id}/like`, method: 'POST' }),
      // the answer is the truth (the database's count): written into the cached post, no refetch
      async onQueryStarted(id, { dispatch, queryFulfilled }) {
        const { data } = await queryFulfilled;
        dispatch(
          postApi.util.updateQueryData('getPost', id, (d) => {
            d.post.liked_by_me = data.liked;
            d.post.likes_count = data.likes_count;
          }),
        );
      },
      invalidatesTags: ['Feed'],
    }),
    getComments: build.query<ApiResponse<'/api/social/posts/{id}/comments', 'get'>, string>({
      query: (id) => `social/posts/${id}/comments`,
      providesTags: (_r, _e, id) => [{ type: 'Comments', id }],
    }),
    postComment: build.mutation<
      ApiResponse<'/api/social/posts/{id}/comments', 'post'>,
      { id: string; comment_text: string }
    >({
      query: ({ id, comment_text }) => ({ url: `social/posts/${id}/comments`, method: 'POST', body: { comment_text } }),
      // shown at once at the end of the list (oldest first); the post's count comes back with it
      async onQueryStarted({ id }, { dispatch, queryFulfilled }) {
        const { data } = await queryFulfilled;
        dispatch(
          postApi.util.updateQueryData('getComments', id, (d) => {
            d.comments.push(data.comment);
          }),
        );
      },
      invalidatesTags: (_r, _e, { id }) => [{ type: 'Post', id }, 'Feed'],
    }),
  }),
});
export const { useGetPostQuery, useToggleLikeMutation, useGetCommentsQuery, usePostCommentMutation } = postApi;
