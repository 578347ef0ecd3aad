import { walletApi } from '../../../lib/api';

/** Endpoints of /pay (money core, issue 4): user search, assets, settings, quote, send by id, request. */
export interface FoundUser { id: string; full_name: string | null; username: string | null; avatar_url: string | null }
export interface PayWallet { id: string; balance: string; asset: { id: string; symbol: string; name: string; scale: number } }
export interface PaySettings { pin_set: boolean; pin_locked_until: string | null; default_payment_hashtags: string[] }
export interface PayQuote { asset_symbol: string; amount: string; fee: string; total: string }
export interface PayResult { transaction: { id: string; amount: string; asset: { symbol: string } }; fee: string; total: string }

const api = walletApi.enhanceEndpoints({ addTagTypes: ['Assets', 'PaymentSettings', 'Transactions', 'PaymentRequests'] }).injectEndpoints({
  endpoints: (build) => ({
    payUserSearch: build.query<{ users: FoundUser[] }, string>({ query: (q) => ({ url: 'wallet/users/search', params: { q } }) }),
    payAssets: build.query<{ wallets: PayWallet[] }, 'funded' | 'all'>({ query: (scope) => ({ url: 'wallet/assets', params: { scope } }), providesTags: ['Assets'] }),
    paySettings: build.query<PaySettings, void>({ query: () => 'wallet/payment-settings', providesTags: ['PaymentSettings'] }),
    payQuote: build.query<PayQuote, { amount: string; assetSymbol: string }>({ query: (params) => ({ url: 'wallet/transfers/quote', params }) }),
    paySend: build.mutation<PayResult, { recipientId: string; amount: string; assetSymbol: string; description: string | null; pin: string; idempotencyKey: string }>({
      query: ({ idempotencyKey, ...body }) => ({ url: 'wallet/transfers', method: 'POST', body, headers: { 'Idempotency-Key': idempotencyKey } }),
      invalidatesTags: ['Dashboard', 'Assets', 'Transactions', 'PaymentSettings'],
    }),
    payRequest: build.mutation<unknown, { payerId: string; amount: string; assetSymbol: string; description: string | null }>({
      query: (body) => ({ url: 'wallet/requests', method: 'POST', body }),
      invalidatesTags: ['PaymentRequests'],
    }),
  }),
});

export const { usePayUserSearchQuery, usePayAssetsQuery, usePaySettingsQuery, useLazyPayQuoteQuery, usePayQuoteQuery, usePaySendMutation, usePayRequestMutation } = api;
