import type { ApiRequestBody, ApiResponse } from '@portal/shared-ui';
import { walletApi } from '../../../lib/api';

/** Endpoints of /pay (money core): request (user search: lib/user-search; assets, settings, quote and send: lib/transfer-api). */
/** /pay asks a chosen user (by id, not e-mail). */
type PayRequestBody = ApiRequestBody<'/api/wallet/requests', 'post'> & { payerId: string };

const api = walletApi.enhanceEndpoints({ addTagTypes: ['PaymentRequests'] }).injectEndpoints({
  endpoints: (build) => ({
    payRequest: build.mutation<ApiResponse<'/api/wallet/requests', 'post'>, PayRequestBody>({
      query: (body) => ({ url: 'wallet/requests', method: 'POST', body }),
      invalidatesTags: ['PaymentRequests'],
    }),
  }),
});

export const { usePayRequestMutation } = api;
