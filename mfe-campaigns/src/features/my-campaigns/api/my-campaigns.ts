import type { ApiResponse } from '@portal/shared-ui';
import { campaignsApi } from '../../../lib/api';

/** GET /api/campaigns/my/campaigns. */
export const myCampaignsApi = campaignsApi.injectEndpoints({
  endpoints: (build) => ({
    myCampaigns: build.query<ApiResponse<'/api/campaigns/my/campaigns', 'get'>, void>({
      query: () => 'campaigns/my/campaigns',
      providesTags: ['Mine'],
    }),
  }),
});
export const { useMyCampaignsQuery } = myCampaignsApi;
