// The support desk as its pages read it: the ticket list (server-side search, filters, sort and
// pages), one ticket, and the writes on it. Every write invalidates the ticket it touched and the
// lists; a ticket update arriving live (a notification) refreshes them too. Requests are built
// from the endpoints' descriptions (common/support/supportEndpoints.ts).
import type {
  AddMessageBody,
  CreateTicketBody,
  StaffResponse,
  TicketAttachment,
  TicketDetail,
  TicketListResponse,
  UpdateTicketBody,
} from '@common/support/supportContract';
import { endpointUrl } from '@common/api/endpoint';
import { supportEndpoints as endpoints } from '@common/support/supportEndpoints';
import { baseApi } from './baseApi';
import { endpointRequest } from './endpointRequest';

export const supportTagTypes = ['SupportTickets', 'SupportTicket'] as const;
const LIST = { type: 'SupportTickets' as const, id: 'LIST' };

export const supportApi = baseApi.enhanceEndpoints({ addTagTypes: supportTagTypes }).injectEndpoints({
  endpoints: (build) => ({
    /** `query` is the list page's API query string (q, status, priority, category, assignee, mine, sort, order, page, pageSize). */
    listTickets: build.query<TicketListResponse, string>({
      query: (query) => `${endpointUrl(endpoints.tickets)}${query ? `?${query}` : ''}`,
      providesTags: [LIST],
    }),
    getTicket: build.query<TicketDetail, string>({
      query: (id) => endpointRequest(endpoints.ticket, { params: { id } }),
      transformResponse: (response: { ticket: TicketDetail }) => response.ticket,
      providesTags: (_result, _error, id) => [{ type: 'SupportTicket', id }],
    }),
    createTicket: build.mutation<TicketDetail, CreateTicketBody>({
      query: (body) => endpointRequest(endpoints.createTicket, { body }),
      transformResponse: (response: { ticket: TicketDetail }) => response.ticket,
      invalidatesTags: [LIST],
    }),
    updateTicket: build.mutation<TicketDetail, { id: string; patch: UpdateTicketBody }>({
      query: ({ id, patch }) => endpointRequest(endpoints.updateTicket, { params: { id }, body: patch }),
      transformResponse: (response: { ticket: TicketDetail }) => response.ticket,
      invalidatesTags: (_result, _error, { id }) => [LIST, { type: 'SupportTicket', id }],
    }),
    addTicketMessage: build.mutation<TicketDetail, { id: string; message: AddMessageBody }>({
      query: ({ id, message }) => endpointRequest(endpoints.addMessage, { params: { id }, body: message }),
      transformResponse: (response: { ticket: TicketDetail }) => response.ticket,
      invalidatesTags: (_result, _error, { id }) => [LIST, { type: 'SupportTicket', id }],
    }),
    /** multipart/form-data with one part, `file`. */
    addTicketAttachment: build.mutation<{ attachment: TicketAttachment }, { id: string; file: File }>({
      query: ({ id, file }) => {
        const form = new FormData();
        form.append('file', file, file.name);
        return { ...endpointRequest(endpoints.addAttachment, { params: { id } }), body: form };
      },
      invalidatesTags: (_result, _error, { id }) => [{ type: 'SupportTicket', id }],
    }),
    listSupportStaff: build.query<StaffResponse, void>({
      query: () => endpointRequest(endpoints.staff, {}),
    }),
  }),
});

export const {
  useListTicketsQuery,
  useGetTicketQuery,
  useCreateTicketMutation,
  useUpdateTicketMutation,
  useAddTicketMessageMutation,
  useAddTicketAttachmentMutation,
  useListSupportStaffQuery,
} = supportApi;

/** The address of an attachment's download (fetched with the bearer token, then saved). */
export function attachmentUrl(ticketId: string, attachmentId: string): string {
  return endpointUrl(endpoints.attachment, { id: ticketId, attachmentId });
}
