import { walletApi } from '../../../lib/api';

/** Endpoints of /pay (money core, issue 4): user search and request (assets, settings, quote and send: lib/transfer-api). */
export interface FoundUser { id: string; full_name: string | null; username: string | null; avatar_url: string | null }

const api = walletApi.enhanceEndpoints({ addTagTypes: ['PaymentRequests'] }).injectEndpoints({
  endpoints: (build) => ({
    payUserSearch: build.query<{ users: FoundUser[] }, string>({ query: (q) => ({ url: 'wallet/users/search', params: { q } }) }),
    payRequest: build.mutation<unknown, { payerId: string; amount: string; assetSymbol: string; description: string | null }>({
      query: (body) => ({ url: 'wallet/requests', method: 'POST', body }),
      invalidatesTags: ['PaymentRequests'],
    }),
  }),
});

export const { usePayUserSearchQuery, usePayRequestMutation } = api;
