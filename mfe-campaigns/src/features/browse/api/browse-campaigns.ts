import type { ApiQuery, ApiResponse } from '@portal/shared-ui';
import { campaignsApi } from '../../../lib/api';

/** GET /api/campaigns: active campaigns, newest first, 9 a page (cursor), search. */
export type BrowseQuery = ApiQuery<'/api/campaigns', 'get'>;

export const browseApi = campaignsApi.injectEndpoints({
  endpoints: (build) => ({
    browseCampaigns: build.query<ApiResponse<'/api/campaigns', 'get'>, BrowseQuery>({
      query: (params) => ({
        url: 'campaigns',
        params: Object.fromEntries(Object.entries(params).filter(([, v]) => v)),
      }),
      providesTags: ['Campaigns'],
    }),
  }),
});

export const { useBrowseCampaignsQuery } = browseApi;
