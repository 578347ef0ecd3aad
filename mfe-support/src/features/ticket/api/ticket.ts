import type { ApiResponse } from '@portal/shared-ui';
import { supportApi } from '../../../lib/api';

/** One of the caller's tickets with its responses, and answering it (multipart: an optional file). */
export const ticketApi = supportApi.injectEndpoints({
  endpoints: (build) => ({
    getTicket: build.query<ApiResponse<'/api/support/tickets/{id}', 'get'>, string>({
      query: (id) => `support/tickets/${id}`,
      providesTags: (_r, _e, id) => [{ type: 'Ticket', id }],
    }),
    respond: build.mutation<
      ApiResponse<'/api/support/tickets/{id}/responses', 'post'>,
      { id: string; response_text: string; attachment: File | null }
    >({
      query: ({ id, response_text, attachment }) => {
        const form = new FormData();
        form.append('response_text', response_text);
        if (attachment) form.append('attachment', attachment);
        return { url: `support/tickets/${id}/responses`, method: 'POST', body: form };
      },
      invalidatesTags: (_r, _e, { id }) => [{ type: 'Ticket', id }, 'Tickets'],
    }),
  }),
});
export const { useGetTicketQuery, useRespondMutation } = ticketApi;
