import type { ApiQuery, ApiResponse } from '@portal/shared-ui';
import { adminApi } from '../../../lib/api';

export type TicketFilter = ApiQuery<'/api/support/admin/tickets', 'get'>;
const api = adminApi.enhanceEndpoints({ addTagTypes: ['Tickets', 'Ticket'] });

/** Every ticket (filters, search, 20 a page), one ticket, its update and the admin's answers. */
export const ticketsApi = api.injectEndpoints({
  endpoints: (build) => ({
    getTickets: build.query<ApiResponse<'/api/support/admin/tickets', 'get'>, TicketFilter>({
      query: (params) => ({
        url: 'support/admin/tickets',
        params: Object.fromEntries(Object.entries(params).filter(([, v]) => v)),
      }),
      providesTags: ['Tickets'],
    }),
    getTicket: build.query<ApiResponse<'/api/support/admin/tickets/{id}', 'get'>, string>({
      query: (id) => `support/admin/tickets/${id}`,
      providesTags: (_r, _e, id) => [{ type: 'Ticket', id }],
    }),
    updateTicket: build.mutation<
      ApiResponse<'/api/support/admin/tickets/{id}', 'patch'>,
      { id: string; status: string; priority: string }
    >({
      query: ({ id, ...body }) => ({ url: `support/admin/tickets/${id}`, method: 'PATCH', body }),
      invalidatesTags: (_r, _e, { id }) => [{ type: 'Ticket', id }, 'Tickets'],
    }),
    adminRespond: build.mutation<
      ApiResponse<'/api/support/admin/tickets/{id}/responses', 'post'>,
      { id: string; response_text: string; attachment: File | null }
    >({
      query: ({ id, response_text, attachment }) => {
        const form = new FormData();
        form.append('response_text', response_text);
        if (attachment) form.append('attachment', attachment);
        return { url: `support/admin/tickets/${id}/responses`, method: 'POST', body: form };
      },
      invalidatesTags: (_r, _e, { id }) => [{ type: 'Ticket', id }, 'Tickets'],
    }),
  }),
});
export const { useGetTicketsQuery, useGetTicketQuery, useUpdateTicketMutation, useAdminRespondMutation } = ticketsApi;
