import type { ApiResponse } from '@portal/shared-ui';
import { marketplaceApi } from '../../../lib/api';

/** GET /api/marketplace/skills (docs/product.md "Marketplace"). */
export const skillsApi = marketplaceApi.injectEndpoints({
  endpoints: (build) => ({
    getSkills: build.query<ApiResponse<'/api/marketplace/skills', 'get'>, void>({
      query: () => 'marketplace/skills',
      keepUnusedDataFor: 300,
    }),
  }),
});

export const { useGetSkillsQuery } = skillsApi;
