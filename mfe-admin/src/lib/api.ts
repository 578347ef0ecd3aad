import { createApi } from '@reduxjs/toolkit/query/react';
import { baseQuery, injectApi, type ApiResponse } from '@portal/shared-ui';

/** The admin remote's RTK Query api; features add endpoints with injectEndpoints. */
export const adminApi = injectApi(
  createApi({
    reducerPath: 'adminApi',
    baseQuery,
    tagTypes: ['Users'],
    endpoints: (build) => ({
      getAdminMe: build.query<ApiResponse<'/api/admin/me', 'get'>, void>({ query: () => 'admin/me' }),
    }),
  }),
);
export const { useGetAdminMeQuery } = adminApi;
