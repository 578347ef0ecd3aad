import type { ApiResponse, ApiSchema } from '@portal/shared-ui';
import { invoicesApi } from './tags';

/** GET /api/invoices/{id}: the invoice, what the caller is to it and may do (the client's first look makes it viewed). */
export type Invoice = ApiSchema<'Invoice'>;
const api = invoicesApi.injectEndpoints({
  endpoints: (build) => ({
    getInvoice: build.query<ApiResponse<'/api/invoices/{id}', 'get'>, string>({
      query: (id) => `invoices/${id}`,
      providesTags: (_r, _e, id) => [{ type: 'Invoice', id }],
    }),
  }),
});
export const { useGetInvoiceQuery } = api;
