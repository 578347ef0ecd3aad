import { walletApi } from '../../../lib/api';

/** GET /api/wallet/assets, /payment-settings, /transfers/quote; POST /transfers (money core, issue 4). Money: decimal strings. */
export interface SendWallet { id: string; balance: string; asset: { id: string; symbol: string; name: string; scale: number; logo_url: string | null } }
export interface PaymentSettings { pin_set: boolean; pin_locked_until: string | null; default_payment_hashtags: string[] }
export interface Quote { asset_symbol: string; amount: string; fee: string; total: string }
export interface SendBody { amount: string; recipientEmail?: string; recipientId?: string; assetSymbol: string; description?: string | null; pin: string }
export interface SendResult {
  transaction: { id: string; amount: string; fee: string; asset: { symbol: string }; receiver: { id: string; full_name: string | null } | null };
  fee: string;
  total: string;
}

const api = walletApi.enhanceEndpoints({ addTagTypes: ['Assets', 'PaymentSettings', 'Transactions', 'PaymentRequests'] }).injectEndpoints({
  endpoints: (build) => ({
    sendMoneyAssets: build.query<{ wallets: SendWallet[] }, void>({ query: () => 'wallet/assets', providesTags: ['Assets'] }),
    sendMoneySettings: build.query<PaymentSettings, void>({ query: () => 'wallet/payment-settings', providesTags: ['PaymentSettings'] }),
    sendMoneyQuote: build.query<Quote, { amount: string; assetSymbol: string }>({ query: (params) => ({ url: 'wallet/transfers/quote', params }) }),
    sendMoney: build.mutation<SendResult, SendBody & { idempotencyKey: string }>({
      query: ({ idempotencyKey, ...body }) => ({ url: 'wallet/transfers', method: 'POST', body, headers: { 'Idempotency-Key': idempotencyKey } }),
      invalidatesTags: ['Dashboard', 'Assets', 'Transactions', 'PaymentSettings'],
    }),
  }),
});

export const { useSendMoneyAssetsQuery, useSendMoneySettingsQuery, useLazySendMoneyQuoteQuery, useSendMoneyMutation } = api;
