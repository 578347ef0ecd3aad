import type { ApiResponse } from '@portal/shared-ui';
import { adminApi } from '../../../lib/api';

const api = adminApi.enhanceEndpoints({ addTagTypes: ['Dashboard'] });
/** GET /api/admin/dashboard (live figures) and POST /api/admin/books-check (run the check now). */
export const dashboardApi = api.injectEndpoints({
  endpoints: (build) => ({
    getDashboard: build.query<ApiResponse<'/api/admin/dashboard', 'get'>, void>({
      query: () => 'admin/dashboard',
      providesTags: ['Dashboard'],
    }),
    runBooksCheck: build.mutation<ApiResponse<'/api/admin/books-check', 'post'>, void>({
      query: () => ({ url: 'admin/books-check', method: 'POST' }),
      invalidatesTags: ['Dashboard'],
    }),
  }),
});
export const { useGetDashboardQuery, useRunBooksCheckMutation } = dashboardApi;
