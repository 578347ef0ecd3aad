import type { ApiQuery, ApiRequestBody, ApiResponse } from '@portal/shared-ui';
import { marketplaceApi } from '../../../lib/api';

/**
 * The contract page: GET /api/marketplace/contracts/{id}; the milestone money actions (PIN +
 * Idempotency-Key): add (escrow hold), approve (release minus 1%), cancel (refund); their quotes;
 * and submit, request changes, dispute.
 */
export type ContractPageData = ApiResponse<'/api/marketplace/contracts/{id}', 'get'>;
export type Milestone = ContractPageData['milestones'][number];
export type HoldQuote = ApiResponse<'/api/marketplace/contracts/{id}/milestones/quote', 'get'>;
export type PayQuote = ApiResponse<'/api/marketplace/milestones/{id}/quote', 'get'>;
type AddBody = ApiRequestBody<'/api/marketplace/contracts/{id}/milestones', 'post'>;
const money = { invalidatesTags: ['Contract', 'Mine'] as const };

export const contractApi = marketplaceApi.injectEndpoints({
  endpoints: (build) => ({
    getContract: build.query<ContractPageData, string>({
      query: (id) => `marketplace/contracts/${id}`,
      providesTags: ['Contract'],
    }),
    holdQuote: build.query<
      HoldQuote,
      { id: string } & ApiQuery<'/api/marketplace/contracts/{id}/milestones/quote', 'get'>
    >({
      query: ({ id, amount }) => ({ url: `marketplace/contracts/${id}/milestones/quote`, params: { amount } }),
      keepUnusedDataFor: 0,
    }),
    payQuote: build.query<PayQuote, string>({
      query: (id) => `marketplace/milestones/${id}/quote`,
      keepUnusedDataFor: 0,
    }),
    addMilestone: build.mutation<unknown, AddBody & { contractId: string; idempotencyKey: string }>({
      query: ({ contractId, idempotencyKey, ...body }) => ({
        url: `marketplace/contracts/${contractId}/milestones`,
        method: 'POST',
        body,
        headers: { 'Idempotency-Key': idempotencyKey },
      }),
      ...money,
    }),
    settleMilestone: build.mutation<
      unknown,
      { id: string; action: 'approve' | 'cancel'; pin: string; idempotencyKey: string }
    >({
      query: ({ id, action, pin, idempotencyKey }) => ({
        url: `marketplace/milestones/${id}/${action}`,
        method: 'POST',
        body: { pin },
        headers: { 'Idempotency-Key': idempotencyKey },
      }),
      ...money,
    }),
    moveMilestone: build.mutation<
      unknown,
      { id: string; action: 'submit' | 'request-changes' | 'dispute'; body: Record<string, string | null> }
    >({
      query: ({ id, action, body }) => ({ url: `marketplace/milestones/${id}/${action}`, method: 'POST', body }),
      ...money,
    }),
  }),
});

export const {
  useGetContractQuery,
  useLazyHoldQuoteQuery,
  useLazyPayQuoteQuery,
  useAddMilestoneMutation,
  useSettleMilestoneMutation,
  useMoveMilestoneMutation,
} = contractApi;
