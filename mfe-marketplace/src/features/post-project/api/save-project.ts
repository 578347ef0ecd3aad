import type { ApiRequestBody, ApiResponse } from '@portal/shared-ui';
import { marketplaceApi } from '../../../lib/api';

/** POST /api/marketplace/projects, PATCH /api/marketplace/projects/{id}, GET one to edit, and the currencies (GET /api/wallet/assets?scope=all). */
export type ProjectBody = ApiRequestBody<'/api/marketplace/projects', 'post'>;
type Saved = ApiResponse<'/api/marketplace/projects', 'post'>;
type Currencies = ApiResponse<'/api/wallet/assets', 'get'>;

export const saveProjectApi = marketplaceApi.injectEndpoints({
  endpoints: (build) => ({
    currencies: build.query<Currencies, void>({ query: () => ({ url: 'wallet/assets', params: { scope: 'all' } }) }),
    projectToEdit: build.query<ApiResponse<'/api/marketplace/projects/{id}', 'get'>, string>({
      query: (id) => `marketplace/projects/${id}`,
      providesTags: (_r, _e, id) => [{ type: 'Project', id }],
    }),
    postProject: build.mutation<Saved, ProjectBody>({
      query: (body) => ({ url: 'marketplace/projects', method: 'POST', body }),
      invalidatesTags: ['Projects', 'Mine'],
    }),
    editProject: build.mutation<Saved, ProjectBody & { id: string }>({
      query: ({ id, ...body }) => ({ url: `marketplace/projects/${id}`, method: 'PATCH', body }),
      invalidatesTags: (_r, _e, { id }) => ['Projects', 'Mine', { type: 'Project', id }],
    }),
  }),
});

export const { useCurrenciesQuery, useProjectToEditQuery, usePostProjectMutation, useEditProjectMutation } =
  saveProjectApi;
