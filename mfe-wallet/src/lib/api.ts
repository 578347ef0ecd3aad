import { createApi } from '@reduxjs/toolkit/query/react';
import { baseQuery, injectApi } from '@portal/shared-ui';

/**
 * The wallet remote's one RTK Query api. Features add their endpoints with `injectEndpoints`
 * (bulletproof-react style: features/<name>/api/*), and the api is injected into the shell's
 * store when this remote loads.
 */
export const walletApi = injectApi(
  createApi({
    reducerPath: 'walletApi',
    baseQuery,
    tagTypes: ['Dashboard'],
    endpoints: () => ({}),
  }),
);
