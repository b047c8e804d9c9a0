// The support desk's endpoints (common/api/endpoint.ts): tickets, their messages, attachments and
// status, and the support staff. The server registers its routes from them and the browser builds
// its requests from them. Types only come from the contract.
import { endpoint } from '../api/endpoint';
import type {
  AddMessageBody,
  CreateTicketBody,
  StaffResponse,
  TicketAttachment,
  TicketListQuery,
  TicketListResponse,
  TicketResponse,
  UpdateTicketBody,
} from './supportContract';

type ById = { id: string };

export const supportEndpoints = {
  tickets: endpoint<{ query: TicketListQuery; response: TicketListResponse }>()('GET', '/api/support/tickets'),
  createTicket: endpoint<{ body: CreateTicketBody; response: TicketResponse }>()('POST', '/api/support/tickets', 201),
  ticket: endpoint<{ params: ById; response: TicketResponse }>()('GET', '/api/support/tickets/:id'),
  updateTicket: endpoint<{ params: ById; body: UpdateTicketBody; response: TicketResponse }>()('PATCH', '/api/support/tickets/:id'),
  addMessage: endpoint<{ params: ById; body: AddMessageBody; response: TicketResponse }>()(
    'POST',
    '/api/support/tickets/:id/messages',
    201,
  ),
  // The body is multipart (one part, `file`), read as a stream by the route, so no body type is declared.
  addAttachment: endpoint<{ params: ById; response: { attachment: TicketAttachment } }>()(
    'POST',
    '/api/support/tickets/:id/attachments',
    201,
  ),
  // The file itself, with its own content type.
  attachment: endpoint<{ params: ById & { attachmentId: string }; response: ArrayBuffer }>()(
    'GET',
    '/api/support/tickets/:id/attachments/:attachmentId',
  ),
  staff: endpoint<{ response: StaffResponse }>()('GET', '/api/support/staff'),
};
