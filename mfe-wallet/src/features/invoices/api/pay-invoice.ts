import type { ApiResponse } from '@portal/shared-ui';
import { invoicesApi } from './tags';

/** GET /api/invoices/{id}/payment-quote (before the PIN) and POST /api/invoices/{id}/pay (PIN + Idempotency-Key). */
export type PaymentQuote = ApiResponse<'/api/invoices/{id}/payment-quote', 'get'>;
type Paid = ApiResponse<'/api/invoices/{id}/pay', 'post'>;
const api = invoicesApi.injectEndpoints({
  endpoints: (build) => ({
    invoicePaymentQuote: build.query<PaymentQuote, string>({
      query: (id) => `invoices/${id}/payment-quote`,
      keepUnusedDataFor: 5,
    }),
    payInvoice: build.mutation<Paid, { id: string; pin: string; idempotencyKey: string }>({
      query: ({ id, pin, idempotencyKey }) => ({
        url: `invoices/${id}/pay`,
        method: 'POST',
        body: { pin },
        headers: { 'Idempotency-Key': idempotencyKey },
      }),
      invalidatesTags: (_r, _e, { id }) => ['Invoices', { type: 'Invoice', id }, 'Dashboard', 'Assets', 'Transactions'],
    }),
  }),
});
export const { useLazyInvoicePaymentQuoteQuery, usePayInvoiceMutation } = api;
