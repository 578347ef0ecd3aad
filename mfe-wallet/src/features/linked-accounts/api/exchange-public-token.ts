import type { ApiRequestBody, ApiResponse } from '@portal/shared-ui';
import { bankingApi } from './tags';

/** POST /api/banking/exchange: Link's public token and the accounts the user chose; the server keeps the access token. */
export type ExchangeBody = ApiRequestBody<'/api/banking/exchange', 'post'>;
type Linked = ApiResponse<'/api/banking/exchange', 'post'>;
const api = bankingApi.injectEndpoints({
  endpoints: (build) => ({
    exchangePublicToken: build.mutation<Linked, ExchangeBody>({
      query: (body) => ({ url: 'banking/exchange', method: 'POST', body }),
      invalidatesTags: ['LinkedAccounts'],
    }),
  }),
});
export const { useExchangePublicTokenMutation } = api;
