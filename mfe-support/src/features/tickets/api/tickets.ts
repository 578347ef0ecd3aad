import type { ApiResponse } from '@portal/shared-ui';
import { supportApi } from '../../../lib/api';

export interface NewTicket {
  subject: string;
  description: string;
  priority: string;
  attachment: File | null;
}

/** The caller's tickets, newest first (20 a page), and opening one (multipart: an optional file). */
export const ticketsApi = supportApi.injectEndpoints({
  endpoints: (build) => ({
    getMyTickets: build.query<ApiResponse<'/api/support/tickets', 'get'>, { cursor?: string }>({
      query: ({ cursor }) => ({ url: 'support/tickets', params: cursor ? { cursor } : undefined }),
      providesTags: ['Tickets'],
    }),
    createTicket: build.mutation<ApiResponse<'/api/support/tickets', 'post'>, NewTicket>({
      query: ({ attachment, ...fields }) => {
        const form = new FormData();
        for (const [k, v] of Object.entries(fields)) form.append(k, v);
        if (attachment) form.append('attachment', attachment);
        return { url: 'support/tickets', method: 'POST', body: form };
      },
      invalidatesTags: ['Tickets'],
    }),
    getCustomerId: build.query<{ customer_id: string }, void>({ query: () => 'profile' }),
  }),
});
export const { useGetMyTicketsQuery, useCreateTicketMutation, useGetCustomerIdQuery } = ticketsApi;
