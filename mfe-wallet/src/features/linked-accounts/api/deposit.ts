import type { ApiRequestBody, ApiResponse } from '@portal/shared-ui';
import { bankingApi } from './tags';

/**
 * POST /api/banking/deposits (PIN + Idempotency-Key): an ACH debit of a linked account; the wallet is
 * credited when the bank settles it. 201 with message 'Deposit Failed' when the bank declined it (e.g. NSF).
 */
export type DepositBody = ApiRequestBody<'/api/banking/deposits', 'post'>;
type Deposited = ApiResponse<'/api/banking/deposits', 'post'>;
const api = bankingApi.injectEndpoints({
  endpoints: (build) => ({
    deposit: build.mutation<Deposited, DepositBody & { idempotencyKey: string }>({
      query: ({ idempotencyKey, ...body }) => ({
        url: 'banking/deposits',
        method: 'POST',
        body,
        headers: { 'Idempotency-Key': idempotencyKey },
      }),
      invalidatesTags: ['BankTransfers', 'PaymentSettings'],
    }),
  }),
});
export const { useDepositMutation } = api;
