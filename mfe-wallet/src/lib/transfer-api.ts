import { walletApi } from './api';

/**
 * The endpoints of sending money (money core, issue 4), shared by /send-money (by e-mail) and /pay
 * (by user): GET /api/wallet/assets, /payment-settings, /transfers/quote; POST /transfers.
 * Money: decimal strings.
 */
export interface TransferWallet { id: string; balance: string; asset: { id: string; symbol: string; name: string; scale: number; logo_url?: string | null } }
export interface PaymentSettings { pin_set: boolean; pin_locked_until: string | null; default_payment_hashtags: string[] }
export interface Quote { asset_symbol: string; amount: string; fee: string; total: string }
export interface TransferBody { amount: string; recipientEmail?: string; recipientId?: string; assetSymbol: string; description?: string | null; pin: string }
export interface TransferResult {
  transaction: { id: string; amount: string; fee: string; asset: { symbol: string }; receiver: { id: string; full_name: string | null } | null };
  fee: string;
  total: string;
}

const api = walletApi.enhanceEndpoints({ addTagTypes: ['Assets', 'PaymentSettings', 'Transactions', 'PaymentRequests'] }).injectEndpoints({
  endpoints: (build) => ({
    /** `funded` (the default): wallets with a balance; `all`: every asset (to request money in). */
    walletAssets: build.query<{ wallets: TransferWallet[] }, 'funded' | 'all' | void>({
      query: (scope) => (scope ? { url: 'wallet/assets', params: { scope } } : 'wallet/assets'),
      providesTags: ['Assets'],
    }),
    paymentSettings: build.query<PaymentSettings, void>({ query: () => 'wallet/payment-settings', providesTags: ['PaymentSettings'] }),
    transferQuote: build.query<Quote, { amount: string; assetSymbol: string }>({ query: (params) => ({ url: 'wallet/transfers/quote', params }) }),
    sendTransfer: build.mutation<TransferResult, TransferBody & { idempotencyKey: string }>({
      query: ({ idempotencyKey, ...body }) => ({ url: 'wallet/transfers', method: 'POST', body, headers: { 'Idempotency-Key': idempotencyKey } }),
      invalidatesTags: ['Dashboard', 'Assets', 'Transactions', 'PaymentSettings'],
    }),
  }),
});

export const { useWalletAssetsQuery, usePaymentSettingsQuery, useTransferQuoteQuery, useLazyTransferQuoteQuery, useSendTransferMutation } = api;
