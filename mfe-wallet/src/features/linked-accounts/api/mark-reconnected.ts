import type { ApiResponse } from '@portal/shared-ui';
import { bankingApi } from './tags';

/** POST /api/banking/accounts/{id}/reconnected: after Link in update mode, the server asks Plaid again and answers the account as it is now. */
type Reconnected = ApiResponse<'/api/banking/accounts/{id}/reconnected', 'post'>;
const api = bankingApi.injectEndpoints({
  endpoints: (build) => ({
    markReconnected: build.mutation<Reconnected, string>({
      query: (id) => ({ url: `banking/accounts/${id}/reconnected`, method: 'POST' }),
      invalidatesTags: ['LinkedAccounts'],
    }),
  }),
});
export const { useMarkReconnectedMutation } = api;
