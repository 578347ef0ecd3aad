import type { ApiResponse } from '@portal/shared-ui';
import { adminApi } from '../../../lib/api';

const api = adminApi.enhanceEndpoints({ addTagTypes: ['Contacts'] });
/** Messages from the public contact form, and marking them handled. */
export const contactsApi = api.injectEndpoints({
  endpoints: (build) => ({
    getContacts: build.query<
      ApiResponse<'/api/support/admin/contact-messages', 'get'>,
      { handled?: string; cursor?: string }
    >({
      query: (params) => ({
        url: 'support/admin/contact-messages',
        params: Object.fromEntries(Object.entries(params).filter(([, v]) => v)),
      }),
      providesTags: ['Contacts'],
    }),
    markHandled: build.mutation<
      ApiResponse<'/api/support/admin/contact-messages/{id}', 'patch'>,
      { id: string; handled: boolean }
    >({
      query: ({ id, handled }) => ({ url: `support/admin/contact-messages/${id}`, method: 'PATCH', body: { handled } }),
      invalidatesTags: ['Contacts'],
    }),
  }),
});
export const { useGetContactsQuery, useMarkHandledMutation } = contactsApi;
