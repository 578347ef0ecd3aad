import type { ApiRequestBody, ApiResponse } from '@portal/shared-ui';
import { WALLET_TAGS, bankingApi } from './tags';

/**
 * POST /api/banking/withdrawals (PIN + Idempotency-Key): amount + fee leave the wallet at once. 201 with
 * message 'Withdrawal Failed' when the bank declined it (the money is back in the wallet).
 */
export type WithdrawBody = ApiRequestBody<'/api/banking/withdrawals', 'post'>;
export type BankMoveResult = ApiResponse<'/api/banking/withdrawals', 'post'>;
const api = bankingApi.injectEndpoints({
  endpoints: (build) => ({
    withdraw: build.mutation<BankMoveResult, WithdrawBody & { idempotencyKey: string }>({
      query: ({ idempotencyKey, ...body }) => ({
        url: 'banking/withdrawals',
        method: 'POST',
        body,
        headers: { 'Idempotency-Key': idempotencyKey },
      }),
      invalidatesTags: ['BankTransfers', 'PaymentSettings', ...WALLET_TAGS],
    }),
  }),
});
export const { useWithdrawMutation } = api;
