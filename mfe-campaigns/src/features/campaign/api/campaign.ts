import type { ApiResponse } from '@portal/shared-ui';
import { campaignsApi } from '../../../lib/api';

/** The campaign page: GET /api/campaigns/{id}; submit; post an update; comment; the investment quote (before the PIN); invest and cancel (PIN + Idempotency-Key). */
export type CampaignPageData = ApiResponse<'/api/campaigns/{id}', 'get'>;
const all = { invalidatesTags: ['Campaign', 'Mine', 'Campaigns'] as const };

export const campaignApi = campaignsApi.injectEndpoints({
  endpoints: (build) => ({
    getCampaign: build.query<CampaignPageData, string>({
      query: (id) => `campaigns/${id}`,
      providesTags: ['Campaign'],
    }),
    submitForReview: build.mutation<unknown, string>({
      query: (id) => ({ url: `campaigns/${id}/submit`, method: 'POST' }),
      ...all,
    }),
    postUpdate: build.mutation<unknown, { id: string; title: string; content: string }>({
      query: ({ id, ...body }) => ({ url: `campaigns/${id}/updates`, method: 'POST', body }),
      ...all,
    }),
    postComment: build.mutation<unknown, { id: string; comment_text: string }>({
      query: ({ id, ...body }) => ({ url: `campaigns/${id}/comments`, method: 'POST', body }),
      ...all,
    }),
    investmentQuote: build.query<
      ApiResponse<'/api/campaigns/{id}/investments/quote', 'get'>,
      { id: string; amount: string }
    >({
      query: ({ id, amount }) => ({ url: `campaigns/${id}/investments/quote`, params: { amount } }),
      keepUnusedDataFor: 5,
    }),
    invest: build.mutation<unknown, { id: string; amount: string; pin: string; idempotencyKey: string }>({
      query: ({ id, idempotencyKey, ...body }) => ({
        url: `campaigns/${id}/investments`,
        method: 'POST',
        body,
        headers: { 'Idempotency-Key': idempotencyKey },
      }),
      ...all,
    }),
    cancelInvestment: build.mutation<unknown, { investmentId: string; pin: string; idempotencyKey: string }>({
      query: ({ investmentId, idempotencyKey, pin }) => ({
        url: `campaigns/investments/${investmentId}/cancel`,
        method: 'POST',
        body: { pin },
        headers: { 'Idempotency-Key': idempotencyKey },
      }),
      ...all,
    }),
  }),
});

export const {
  useGetCampaignQuery,
  useSubmitForReviewMutation,
  usePostUpdateMutation,
  usePostCommentMutation,
  useLazyInvestmentQuoteQuery,
  useInvestMutation,
  useCancelInvestmentMutation,
} = campaignApi;
