import type { ApiResponse, ApiSchema } from '@portal/shared-ui';
import { bankingApi } from './tags';

/** GET /api/banking/accounts: the caller's linked bank accounts, oldest first. */
export type LinkedAccount = ApiSchema<'LinkedAccount'>;
const api = bankingApi.injectEndpoints({
  endpoints: (build) => ({
    linkedAccounts: build.query<ApiResponse<'/api/banking/accounts', 'get'>, void>({
      query: () => 'banking/accounts',
      providesTags: ['LinkedAccounts'],
    }),
  }),
});
export const { useLinkedAccountsQuery } = api;
