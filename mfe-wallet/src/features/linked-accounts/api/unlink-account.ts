import type { ApiResponse } from '@portal/shared-ui';
import { bankingApi } from './tags';

/** DELETE /api/banking/accounts/{id}: unlink one of the caller's accounts. */
type Unlinked = ApiResponse<'/api/banking/accounts/{id}', 'delete'>;
const api = bankingApi.injectEndpoints({
  endpoints: (build) => ({
    unlinkAccount: build.mutation<Unlinked, string>({
      query: (id) => ({ url: `banking/accounts/${id}`, method: 'DELETE' }),
      invalidatesTags: ['LinkedAccounts'],
    }),
  }),
});
export const { useUnlinkAccountMutation } = api;
