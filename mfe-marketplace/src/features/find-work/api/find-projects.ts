import type { ApiQuery, ApiResponse } from '@portal/shared-ui';
import { marketplaceApi } from '../../../lib/api';

/** GET /api/marketplace/projects: open projects, newest first, 9 a page (cursor), search and filters. */
export type FindWorkQuery = ApiQuery<'/api/marketplace/projects', 'get'>;
export type FindWorkPage = ApiResponse<'/api/marketplace/projects', 'get'>;

export const findProjectsApi = marketplaceApi.injectEndpoints({
  endpoints: (build) => ({
    findProjects: build.query<FindWorkPage, FindWorkQuery>({
      query: (params) => ({
        url: 'marketplace/projects',
        params: Object.fromEntries(Object.entries(params).filter(([, v]) => v)),
      }),
      providesTags: ['Projects'],
      keepUnusedDataFor: 30,
    }),
  }),
});

export const { useFindProjectsQuery, useLazyFindProjectsQuery } = findProjectsApi;
