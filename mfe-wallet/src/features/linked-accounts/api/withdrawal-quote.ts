import type { ApiQuery, ApiResponse } from '@portal/shared-ui';
import { bankingApi } from './tags';

/** GET /api/banking/withdrawals/quote: the fee, the total leaving the wallet and the timing, before the PIN. */
export type WithdrawalQuote = ApiResponse<'/api/banking/withdrawals/quote', 'get'>;
export type WithdrawalQuoteQuery = ApiQuery<'/api/banking/withdrawals/quote', 'get'>;
const api = bankingApi.injectEndpoints({
  endpoints: (build) => ({
    withdrawalQuote: build.query<WithdrawalQuote, WithdrawalQuoteQuery>({
      query: (params) => ({ url: 'banking/withdrawals/quote', params }),
      keepUnusedDataFor: 5,
    }),
  }),
});
export const { useWithdrawalQuoteQuery, useLazyWithdrawalQuoteQuery } = api;
