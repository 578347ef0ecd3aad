import type { ApiRequestBody, ApiResponse } from '@portal/shared-ui';
import { invoicesApi } from './tags';

/** POST /api/invoices (a new draft) and PUT /api/invoices/{id} (edit a draft): the same form; the server computes the figures. */
export type InvoiceForm = ApiRequestBody<'/api/invoices', 'post'>;
type Saved = ApiResponse<'/api/invoices', 'post'>;

const api = invoicesApi.injectEndpoints({
  endpoints: (build) => ({
    createInvoice: build.mutation<Saved, InvoiceForm>({
      query: (body) => ({ url: 'invoices', method: 'POST', body }),
      invalidatesTags: ['Invoices'],
    }),
    updateInvoice: build.mutation<Saved, InvoiceForm & { id: string }>({
      query: ({ id, ...body }) => ({ url: `invoices/${id}`, method: 'PUT', body }),
      invalidatesTags: (_r, _e, { id }) => ['Invoices', { type: 'Invoice', id }],
    }),
  }),
});
export const { useCreateInvoiceMutation, useUpdateInvoiceMutation } = api;
