import type { ApiQuery, ApiResponse, ApiSchema } from '@portal/shared-ui';
import { invoicesApi } from './tags';

/** GET /api/invoices?box=sent|received&cursor=: one keyset page, newest first. */
export type InvoicePage = ApiResponse<'/api/invoices', 'get'>;
export type InvoiceSummary = ApiSchema<'InvoiceSummary'>;
type Query = ApiQuery<'/api/invoices', 'get'>;

const api = invoicesApi.injectEndpoints({
  endpoints: (build) => ({
    listInvoices: build.query<InvoicePage, Query>({
      query: (params) => ({ url: 'invoices', params }),
      providesTags: ['Invoices'],
    }),
  }),
});
export const { useListInvoicesQuery } = api;
