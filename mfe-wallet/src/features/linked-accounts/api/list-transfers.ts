import type { ApiResponse, ApiSchema } from '@portal/shared-ui';
import { bankingApi } from './tags';

/** GET /api/banking/transfers: the caller's 20 latest deposits and withdrawals, newest first, with their bank status. */
export type BankTransfer = ApiSchema<'BankTransfer'>;
const api = bankingApi.injectEndpoints({
  endpoints: (build) => ({
    bankTransfers: build.query<ApiResponse<'/api/banking/transfers', 'get'>, void>({
      query: () => 'banking/transfers',
      providesTags: ['BankTransfers'],
    }),
  }),
});
export const { useBankTransfersQuery } = api;
