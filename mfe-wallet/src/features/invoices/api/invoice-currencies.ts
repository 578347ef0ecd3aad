import type { ApiResponse } from '@portal/shared-ui';
import { invoicesApi } from './tags';

/** GET /api/invoices/currencies: the assets an invoice may ask for. */
const api = invoicesApi.injectEndpoints({
  endpoints: (build) => ({
    invoiceCurrencies: build.query<ApiResponse<'/api/invoices/currencies', 'get'>, void>({
      query: () => 'invoices/currencies',
    }),
  }),
});
export const { useInvoiceCurrenciesQuery } = api;
