import type { ApiRequestBody, ApiResponse } from '@portal/shared-ui';
import { bankingApi } from './tags';

/** POST /api/banking/link-token: a Plaid Link token and the Link script to load; with linked_account_id, Link in update mode (Reconnect). */
export type LinkToken = ApiResponse<'/api/banking/link-token', 'post'>;
type Body = NonNullable<ApiRequestBody<'/api/banking/link-token', 'post'>>;
const api = bankingApi.injectEndpoints({
  endpoints: (build) => ({
    createLinkToken: build.mutation<LinkToken, Body>({
      query: (body) => ({ url: 'banking/link-token', method: 'POST', body }),
    }),
  }),
});
export const { useCreateLinkTokenMutation } = api;
