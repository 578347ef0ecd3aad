import type { ApiRequestBody, ApiResponse } from '@portal/shared-ui';
import { adminApi } from '../../../lib/api';

/** Marketplace disputes: GET /api/marketplace/disputes, POST /api/marketplace/disputes/{milestoneId}/resolve (Idempotency-Key). */
export type Dispute = ApiResponse<'/api/marketplace/disputes', 'get'>['disputes'][number];
export type Resolution = ApiRequestBody<'/api/marketplace/disputes/{milestoneId}/resolve', 'post'>;

export const disputesApi = adminApi.enhanceEndpoints({ addTagTypes: ['Disputes'] }).injectEndpoints({
  endpoints: (build) => ({
    disputes: build.query<ApiResponse<'/api/marketplace/disputes', 'get'>, void>({
      query: () => 'marketplace/disputes',
      providesTags: ['Disputes'],
    }),
    resolveDispute: build.mutation<unknown, Resolution & { milestoneId: string; idempotencyKey: string }>({
      query: ({ milestoneId, idempotencyKey, ...body }) => ({
        url: `marketplace/disputes/${milestoneId}/resolve`,
        method: 'POST',
        body,
        headers: { 'Idempotency-Key': idempotencyKey },
      }),
      invalidatesTags: ['Disputes'],
    }),
  }),
});

export const { useDisputesQuery, useResolveDisputeMutation } = disputesApi;
