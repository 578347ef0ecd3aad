import type { ApiQuery, ApiRequestBody, ApiResponse, ApiSchema } from '@portal/shared-ui';
import { walletApi } from './api';

/**
 * The endpoints of sending money (money core), shared by /send-money (by e-mail) and /pay
 * (by user): GET /api/wallet/assets, /payment-settings, /transfers/quote, /requests/{id}/quote; POST /transfers.
 * Money: decimal strings.
 */
type WalletAssets = ApiResponse<'/api/wallet/assets', 'get'>;
type AssetScope = ApiQuery<'/api/wallet/assets', 'get'>['scope'];
export type TransferWallet = WalletAssets['wallets'][number];
export type PaymentSettings = ApiResponse<'/api/wallet/payment-settings', 'get'>;
export type Quote = ApiResponse<'/api/wallet/transfers/quote', 'get'>;
export type QuoteQuery = ApiQuery<'/api/wallet/transfers/quote', 'get'>;
export type TransferBody = ApiRequestBody<'/api/wallet/transfers', 'post'>;
export type TransferResult = ApiSchema<'SendResult'>;

const api = walletApi
  .enhanceEndpoints({ addTagTypes: ['Assets', 'PaymentSettings', 'Transactions', 'PaymentRequests'] })
  .injectEndpoints({
    endpoints: (build) => ({
      /** `funded` (the default): wallets with a balance; `all`: every asset (to request money in). */
      walletAssets: build.query<WalletAssets, AssetScope | void>({
        query: (scope) => (scope ? { url: 'wallet/assets', params: { scope } } : 'wallet/assets'),
        providesTags: ['Assets'],
      }),
      paymentSettings: build.query<PaymentSettings, void>({
        query: () => 'wallet/payment-settings',
        providesTags: ['PaymentSettings'],
      }),
      transferQuote: build.query<Quote, QuoteQuery>({
        query: (params) => ({ url: 'wallet/transfers/quote', params }),
        keepUnusedDataFor: 5,
      }),
      /** Paying a request: its fee and total, or the refusal paying it would give, before the PIN. */
      requestQuote: build.query<Quote, string>({ query: (id) => `wallet/requests/${id}/quote`, keepUnusedDataFor: 5 }),
      sendTransfer: build.mutation<TransferResult, TransferBody & { idempotencyKey: string }>({
        query: ({ idempotencyKey, ...body }) => ({
          url: 'wallet/transfers',
          method: 'POST',
          body,
          headers: { 'Idempotency-Key': idempotencyKey },
        }),
        invalidatesTags: ['Dashboard', 'Assets', 'Transactions', 'PaymentSettings'],
      }),
    }),
  });

export const {
  useWalletAssetsQuery,
  usePaymentSettingsQuery,
  useTransferQuoteQuery,
  useLazyTransferQuoteQuery,
  useLazyRequestQuoteQuery,
  useSendTransferMutation,
} = api;
