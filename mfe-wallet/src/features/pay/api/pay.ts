import type { ApiRequestBody, ApiResponse } from '@portal/shared-ui';
import { walletApi } from '../../../lib/api';

/** Endpoints of /pay (money core, issue 4): user search and request (assets, settings, quote and send: lib/transfer-api). */
type UserSearch = ApiResponse<'/api/wallet/users/search', 'get'>;
export type FoundUser = UserSearch['users'][number];
/** /pay asks a chosen user (by id, not e-mail). */
type PayRequestBody = ApiRequestBody<'/api/wallet/requests', 'post'> & { payerId: string };

const api = walletApi.enhanceEndpoints({ addTagTypes: ['PaymentRequests'] }).injectEndpoints({
  endpoints: (build) => ({
    payUserSearch: build.query<UserSearch, string>({ query: (q) => ({ url: 'wallet/users/search', params: { q } }) }),
    payRequest: build.mutation<ApiResponse<'/api/wallet/requests', 'post'>, PayRequestBody>({
      query: (body) => ({ url: 'wallet/requests', method: 'POST', body }),
      invalidatesTags: ['PaymentRequests'],
    }),
  }),
});

export const { usePayUserSearchQuery, usePayRequestMutation } = api;
