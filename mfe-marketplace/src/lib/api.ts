import { createApi } from '@reduxjs/toolkit/query/react';
import { baseQuery, injectApi } from '@portal/shared-ui';

/**
 * The marketplace remote's one RTK Query api. Features add their endpoints with `injectEndpoints`
 * (features/<name>/api/*), and the api is injected into the shell's store when this remote loads.
 * Tags: a project page, the lists of My projects, a contract page.
 */
export const marketplaceApi = injectApi(
  createApi({
    reducerPath: 'marketplaceApi',
    baseQuery,
    tagTypes: ['Projects', 'Project', 'Mine', 'Contract'],
    endpoints: () => ({}),
  }),
);
