import type { ApiRequestBody, ApiResponse, ApiSchema } from '@portal/shared-ui';
import { walletApi } from '../../../lib/api';

/** GET/POST /api/wallet/requests, pay (PIN + Idempotency-Key, the transfer path) and decline/cancel. */
export type PaymentRequest = ApiSchema<'PaymentRequest'>;
type PaymentRequestLists = ApiResponse<'/api/wallet/requests', 'get'>;
type PayBody = ApiRequestBody<'/api/wallet/requests/{id}/pay', 'post'>;
/** decline and cancel answer the same shape. */
type ClosedRequest = ApiResponse<'/api/wallet/requests/{id}/decline', 'post'>;

const api = walletApi.enhanceEndpoints({ addTagTypes: ['PaymentRequests', 'Assets', 'Transactions'] }).injectEndpoints({
  endpoints: (build) => ({
    listPaymentRequests: build.query<PaymentRequestLists, void>({
      query: () => 'wallet/requests',
      providesTags: ['PaymentRequests'],
    }),
    payPaymentRequest: build.mutation<ApiSchema<'SendResult'>, PayBody & { id: string; idempotencyKey: string }>({
      query: ({ id, pin, idempotencyKey }) => ({
        url: `wallet/requests/${id}/pay`,
        method: 'POST',
        body: { pin },
        headers: { 'Idempotency-Key': idempotencyKey },
      }),
      invalidatesTags: ['PaymentRequests', 'Dashboard', 'Assets', 'Transactions'],
    }),
    closePaymentRequest: build.mutation<ClosedRequest, { id: string; action: 'decline' | 'cancel' }>({
      query: ({ id, action }) => ({ url: `wallet/requests/${id}/${action}`, method: 'POST' }),
      invalidatesTags: ['PaymentRequests'],
    }),
  }),
});
export const { useListPaymentRequestsQuery, usePayPaymentRequestMutation, useClosePaymentRequestMutation } = api;
