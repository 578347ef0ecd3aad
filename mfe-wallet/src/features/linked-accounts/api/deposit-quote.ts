import type { ApiQuery, ApiResponse } from '@portal/shared-ui';
import { bankingApi } from './tags';

/** GET /api/banking/deposits/quote: no fee, when the wallet is credited, and the room left under the deposit limits, before the PIN. */
export type DepositQuote = ApiResponse<'/api/banking/deposits/quote', 'get'>;
export type DepositQuoteQuery = ApiQuery<'/api/banking/deposits/quote', 'get'>;
const api = bankingApi.injectEndpoints({
  endpoints: (build) => ({
    depositQuote: build.query<DepositQuote, DepositQuoteQuery>({
      query: (params) => ({ url: 'banking/deposits/quote', params }),
      keepUnusedDataFor: 5,
    }),
  }),
});
export const { useDepositQuoteQuery } = api;
