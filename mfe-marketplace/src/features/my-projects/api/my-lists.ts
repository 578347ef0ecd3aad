import type { ApiResponse } from '@portal/shared-ui';
import { marketplaceApi } from '../../../lib/api';

/** The three tabs of My projects: GET /api/marketplace/my/projects, /my/contracts, /my/proposals. */
export const myListsApi = marketplaceApi.injectEndpoints({
  endpoints: (build) => ({
    myProjects: build.query<ApiResponse<'/api/marketplace/my/projects', 'get'>, void>({
      query: () => 'marketplace/my/projects',
      providesTags: ['Mine'],
    }),
    myContracts: build.query<ApiResponse<'/api/marketplace/my/contracts', 'get'>, void>({
      query: () => 'marketplace/my/contracts',
      providesTags: ['Mine'],
    }),
    myProposals: build.query<ApiResponse<'/api/marketplace/my/proposals', 'get'>, void>({
      query: () => 'marketplace/my/proposals',
      providesTags: ['Mine'],
    }),
  }),
});

export const { useMyProjectsQuery, useMyContractsQuery, useMyProposalsQuery } = myListsApi;
