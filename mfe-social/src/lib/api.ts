import { createApi } from '@reduxjs/toolkit/query/react';
import { baseQuery, injectApi } from '@portal/shared-ui';

/**
 * The social remote's one RTK Query api; features add endpoints with `injectEndpoints`
 * (features/<name>/api/*). Tags: the feed, a post, its comments, a person's profile and posts,
 * the thread list, a thread's messages.
 */
export const socialApi = injectApi(
  createApi({
    reducerPath: 'socialApi',
    baseQuery,
    tagTypes: ['Feed', 'Post', 'Comments', 'Person', 'Threads', 'Thread'],
    endpoints: () => ({}),
  }),
);
