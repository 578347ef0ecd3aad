import type { ApiResponse } from '@portal/shared-ui';
import { campaignsApi } from '../../../lib/api';

/** GET /api/campaigns/my/investments. */
export const myInvestmentsApi = campaignsApi.injectEndpoints({
  endpoints: (build) => ({
    myInvestments: build.query<ApiResponse<'/api/campaigns/my/investments', 'get'>, void>({
      query: () => 'campaigns/my/investments',
      providesTags: ['Mine'],
    }),
  }),
});
export const { useMyInvestmentsQuery } = myInvestmentsApi;
