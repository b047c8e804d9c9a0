// Store rows → the API's ticket shapes. What a requester may see is decided here and in the
// queries: internal notes and the captured layout settings never reach a requester's answer.
import { isSupportStaff } from '@common/access/access';
import type { TicketAttachment, TicketDetail, TicketMessage, TicketSummary } from '@common/support/supportContract';
import { transitionsFrom, type TicketCategory, type TicketPriority, type TicketStatus } from '@common/support/supportRules';
import type { Selectable } from 'kysely';
import type { SupportAttachmentsTable, SupportMessagesTable, SupportTicketsTable } from './tables.js';

export type TicketRow = Omit<Selectable<SupportTicketsTable>, 'document'>;
export type MessageRow = Selectable<SupportMessagesTable>;
export type AttachmentRow = Omit<Selectable<SupportAttachmentsTable>, 'content'>;

const iso = (value: Date | string) => new Date(value).toISOString();
const isoOrNull = (value: Date | string | null) => (value === null ? null : iso(value));

export function toSummary(row: TicketRow): TicketSummary {
  return {
    id: row.id,
    number: Number(row.number),
    subject: row.subject,
    category: row.category as TicketCategory,
    priority: row.priority as TicketPriority,
    status: row.status as TicketStatus,
    requester: { subject: row.requester_subject, username: row.requester_username },
    assignee: row.assignee_subject ? { subject: row.assignee_subject, username: row.assignee_username ?? row.assignee_subject } : null,
    createdAt: iso(row.created_at),
    updatedAt: iso(row.updated_at),
    firstResponseDueAt: iso(row.first_response_due_at),
    resolutionDueAt: iso(row.resolution_due_at),
    firstResponseAt: isoOrNull(row.first_response_at),
    solvedAt: isoOrNull(row.solved_at),
    hasLayoutSettings: row.layout_settings !== null,
  };
}

export function toMessage(row: MessageRow, staffSubjects: ReadonlySet<string>): TicketMessage {
  return {
    id: row.id,
    kind: row.kind,
    body: row.body,
    author: { username: row.author_username, staff: staffSubjects.has(row.author_subject) },
    createdAt: iso(row.created_at),
  };
}

export function toAttachment(row: AttachmentRow): TicketAttachment {
  return {
    id: row.id,
    filename: row.filename,
    contentType: row.content_type,
    size: row.size,
    uploadedBy: row.uploaded_by_username,
    createdAt: iso(row.created_at),
  };
}

export interface Viewer {
  subject: string;
  roles: readonly string[];
}

export function toDetail(row: TicketRow, messages: MessageRow[], attachments: AttachmentRow[], viewer: Viewer): TicketDetail {
  const staff = isSupportStaff(viewer.roles);
  // A message's author was staff when it was not the requester writing (requesters reach only their own tickets).
  const staffSubjects = new Set(
    messages.filter((message) => message.author_subject !== row.requester_subject).map((message) => message.author_subject),
  );
  return {
    ...toSummary(row),
    description: row.description,
    messages: messages.filter((message) => staff || message.kind === 'reply').map((message) => toMessage(message, staffSubjects)),
    attachments: attachments.map(toAttachment),
    layoutSettings: staff ? row.layout_settings : null,
    viewer: { staff, transitions: transitionsFrom(row.status as TicketStatus, staff) },
  };
}
