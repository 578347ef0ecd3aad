import { walletApi } from '../../../lib/api';

/** GET/POST /api/wallet/requests, pay (PIN + Idempotency-Key, the transfer path) and decline/cancel. */
interface Party { id: string; full_name: string | null; username: string | null }
export interface PaymentRequest {
  id: string; amount: string; description: string | null; status: 'pending' | 'paid' | 'declined' | 'cancelled';
  created_at: string; updated_at: string; transaction_id: string | null;
  asset: { symbol: string; name: string; scale: number }; requester: Party; payer: Party;
}

const api = walletApi.enhanceEndpoints({ addTagTypes: ['PaymentRequests', 'Assets', 'Transactions'] }).injectEndpoints({
  endpoints: (build) => ({
    listPaymentRequests: build.query<{ incoming: PaymentRequest[]; outgoing: PaymentRequest[] }, void>({ query: () => 'wallet/requests', providesTags: ['PaymentRequests'] }),
    payPaymentRequest: build.mutation<{ fee: string; transaction: { amount: string; asset: { symbol: string } } }, { id: string; pin: string; idempotencyKey: string }>({
      query: ({ id, pin, idempotencyKey }) => ({ url: `wallet/requests/${id}/pay`, method: 'POST', body: { pin }, headers: { 'Idempotency-Key': idempotencyKey } }),
      invalidatesTags: ['PaymentRequests', 'Dashboard', 'Assets', 'Transactions'],
    }),
    closePaymentRequest: build.mutation<unknown, { id: string; action: 'decline' | 'cancel' }>({
      query: ({ id, action }) => ({ url: `wallet/requests/${id}/${action}`, method: 'POST' }),
      invalidatesTags: ['PaymentRequests'],
    }),
  }),
});
export const { useListPaymentRequestsQuery, usePayPaymentRequestMutation, useClosePaymentRequestMutation } = api;
