import type { ApiRequestBody, ApiSchema } from '@portal/shared-ui';
import { walletApi } from '../../../lib/api';

/** Per-kind e-mail preferences of notifications (/api/notifications/email-preferences). */
export type EmailPreferences = ApiSchema<'EmailPreferences'>;
type Change = ApiRequestBody<'/api/notifications/email-preferences', 'patch'>;

const api = walletApi.enhanceEndpoints({ addTagTypes: ['EmailPreferences'] }).injectEndpoints({
  endpoints: (build) => ({
    getEmailPreferences: build.query<EmailPreferences, void>({
      query: () => 'notifications/email-preferences',
      providesTags: ['EmailPreferences'],
    }),
    setEmailPreference: build.mutation<EmailPreferences, Change>({
      query: (body) => ({ url: 'notifications/email-preferences', method: 'PATCH', body }),
      // shown at once (a checkbox follows the click), undone when refused; the answer is every preference
      onQueryStarted: async ({ kind, email }, { dispatch, queryFulfilled }) => {
        const optimistic = dispatch(
          api.util.updateQueryData('getEmailPreferences', undefined, (draft) => {
            for (const p of draft.preferences) if (p.kind === kind) p.email = email;
          }),
        );
        try {
          const { data } = await queryFulfilled;
          dispatch(api.util.upsertQueryData('getEmailPreferences', undefined, data));
        } catch {
          optimistic.undo();
        }
      },
    }),
  }),
});

export const { useGetEmailPreferencesQuery, useSetEmailPreferenceMutation } = api;
