import type { ApiResponse } from '@portal/shared-ui';
import { adminApi } from '../../../lib/api';

/** Campaign review: GET /api/campaigns/review, POST /api/campaigns/review/{id}/approve|reject. */
export type ReviewCampaign = ApiResponse<'/api/campaigns/review', 'get'>['campaigns'][number];

export const campaignReviewApi = adminApi.enhanceEndpoints({ addTagTypes: ['CampaignReview'] }).injectEndpoints({
  endpoints: (build) => ({
    campaignReview: build.query<ApiResponse<'/api/campaigns/review', 'get'>, void>({
      query: () => 'campaigns/review',
      providesTags: ['CampaignReview'],
    }),
    decideCampaign: build.mutation<unknown, { id: string; decision: 'approve' | 'reject'; reason?: string }>({
      query: ({ id, decision, reason }) => ({
        url: `campaigns/review/${id}/${decision}`,
        method: 'POST',
        ...(decision === 'reject' ? { body: { reason } } : {}),
      }),
      invalidatesTags: ['CampaignReview'],
    }),
  }),
});
export const { useCampaignReviewQuery, useDecideCampaignMutation } = campaignReviewApi;
