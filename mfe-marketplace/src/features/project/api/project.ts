import type { ApiRequestBody, ApiResponse } from '@portal/shared-ui';
import { marketplaceApi } from '../../../lib/api';

/** GET /api/marketplace/projects/{id}; POST .../proposals; POST /proposals/{id}/accept|reject|withdraw. */
export type ProjectPageData = ApiResponse<'/api/marketplace/projects/{id}', 'get'>;
export type ProposalBody = ApiRequestBody<'/api/marketplace/projects/{id}/proposals', 'post'>;

export const projectApi = marketplaceApi.injectEndpoints({
  endpoints: (build) => ({
    getProject: build.query<ProjectPageData, string>({
      query: (id) => `marketplace/projects/${id}`,
      providesTags: (_r, _e, id) => [{ type: 'Project', id }],
    }),
    sendProposal: build.mutation<
      ApiResponse<'/api/marketplace/projects/{id}/proposals', 'post'>,
      ProposalBody & { projectId: string }
    >({
      query: ({ projectId, ...body }) => ({ url: `marketplace/projects/${projectId}/proposals`, method: 'POST', body }),
      invalidatesTags: (_r, _e, { projectId }) => [{ type: 'Project', id: projectId }, 'Mine', 'Projects'],
    }),
    acceptProposal: build.mutation<{ contract_id: string }, { id: string; projectId: string }>({
      query: ({ id }) => ({ url: `marketplace/proposals/${id}/accept`, method: 'POST' }),
      invalidatesTags: (_r, _e, { projectId }) => [{ type: 'Project', id: projectId }, 'Mine', 'Projects'],
    }),
    closeProposal: build.mutation<unknown, { id: string; projectId: string; action: 'reject' | 'withdraw' }>({
      query: ({ id, action }) => ({ url: `marketplace/proposals/${id}/${action}`, method: 'POST' }),
      invalidatesTags: (_r, _e, { projectId }) => [{ type: 'Project', id: projectId }, 'Mine'],
    }),
  }),
});

export const { useGetProjectQuery, useSendProposalMutation, useAcceptProposalMutation, useCloseProposalMutation } =
  projectApi;
