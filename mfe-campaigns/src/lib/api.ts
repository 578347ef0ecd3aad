import { createApi } from '@reduxjs/toolkit/query/react';
import { baseQuery, injectApi } from '@portal/shared-ui';

/**
 * The campaigns remote's one RTK Query api; features add endpoints with `injectEndpoints`
 * (features/<name>/api/*). Tags: the browse list, a campaign page, the two "my" lists.
 */
export const campaignsApi = injectApi(
  createApi({
    reducerPath: 'campaignsApi',
    baseQuery,
    tagTypes: ['Campaigns', 'Campaign', 'Mine'],
    endpoints: () => ({}),
  }),
);
