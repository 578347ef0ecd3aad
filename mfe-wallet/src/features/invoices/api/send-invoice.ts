import type { ApiResponse } from '@portal/shared-ui';
import { invoicesApi } from './tags';

/** POST /api/invoices/{id}/send (a draft to its client, by e-mail) and /cancel (while unpaid): the creator's steps. */
type Stepped = ApiResponse<'/api/invoices/{id}/send', 'post'>;
const api = invoicesApi.injectEndpoints({
  endpoints: (build) => ({
    invoiceStep: build.mutation<Stepped, { id: string; step: 'send' | 'cancel' }>({
      query: ({ id, step }) => ({ url: `invoices/${id}/${step}`, method: 'POST' }),
      invalidatesTags: (_r, _e, { id }) => ['Invoices', { type: 'Invoice', id }],
    }),
  }),
});
export const { useInvoiceStepMutation } = api;
