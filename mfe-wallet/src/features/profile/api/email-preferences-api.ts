import type { ApiRequestBody, ApiSchema } from '@portal/shared-ui';
import { walletApi } from '../../../lib/api';

/** Per-kind e-mail preferences of notifications (/api/notifications/email-preferences). */
export type EmailPreferences = ApiSchema<'EmailPreferences'>;
type Change = ApiRequestBody<'/api/notifications/email-preferences', 'patch'>;

const api = walletApi.enhanceEndpoints({ addTagTypes: ['EmailPreferences'] }).injectEndpoints({
  endpoints: (build) => ({
    getEmailPreferences: build.query<EmailPreferences, void>({ query: () => 'notifications/email-preferences', providesTags: ['EmailPreferences'] }),
    setEmailPreference: build.mutation<EmailPreferences, Change>({
      query: (body) => ({ url: 'notifications/email-preferences', method: 'PATCH', body }),
      // the answer is every preference: the list shows it without another request
      onQueryStarted: async (_change, { dispatch, queryFulfilled }) => {
        try {
          const { data } = await queryFulfilled;
          dispatch(api.util.upsertQueryData('getEmailPreferences', undefined, data));
        } catch {
          // refused: the list keeps what the server has
        }
      },
    }),
  }),
});

export const { useGetEmailPreferencesQuery, useSetEmailPreferenceMutation } = api;
