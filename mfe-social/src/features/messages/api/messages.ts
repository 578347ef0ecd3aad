import type { ApiResponse } from '@portal/shared-ui';
import { socialApi } from '../../../lib/api';

/** The thread list, one thread, a chat with a person, and finding people (docs/product.md "Messages" messages). */
export const messagesApi = socialApi.injectEndpoints({
  endpoints: (build) => ({
    getThreads: build.query<ApiResponse<'/api/messages/threads', 'get'>, { q?: string }>({
      query: ({ q }) => ({ url: 'messages/threads', params: q ? { q } : undefined }),
      providesTags: ['Threads'],
    }),
    getThread: build.query<ApiResponse<'/api/messages/threads/{id}', 'get'>, string>({
      query: (id) => `messages/threads/${id}`,
      providesTags: (_r, _e, id) => [{ type: 'Thread', id }],
    }),
    chatWith: build.query<ApiResponse<'/api/messages/with/{userId}', 'get'>, string>({
      query: (userId) => `messages/with/${userId}`,
    }),
    findPeople: build.query<ApiResponse<'/api/wallet/users/search', 'get'>, string>({
      query: (q) => ({ url: 'wallet/users/search', params: { q } }),
    }),
  }),
});
export const { useGetThreadsQuery, useGetThreadQuery, useChatWithQuery, useFindPeopleQuery } = messagesApi;
export type Message = ApiResponse<'/api/messages/threads/{id}/messages', 'get'>['messages'][number];
export type SentAnswer = ApiResponse<'/api/messages/with/{userId}', 'post'>;
