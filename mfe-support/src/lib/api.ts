import { createApi } from '@reduxjs/toolkit/query/react';
import { baseQuery, injectApi } from '@portal/shared-ui';

/**
 * The support remote's one RTK Query api; features add endpoints with `injectEndpoints`
 * (features/<name>/api/*). Tags: the ticket list, one ticket with its responses.
 */
export const supportApi = injectApi(
  createApi({
    reducerPath: 'supportApi',
    baseQuery,
    tagTypes: ['Tickets', 'Ticket'],
    endpoints: () => ({}),
  }),
);
