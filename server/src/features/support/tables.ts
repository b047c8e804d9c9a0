// Row types of the support area's tables, as Kysely sees them. They join the store's schema
// (platform/store/schema.ts) by declaration merging, so the platform names no area; the tables
// themselves are created by the area's migrations.
import type { ColumnType, Generated } from 'kysely';
import type { CreatedAt, NullableJson, UpdatedAt } from '../../platform/store/columnTypes.js';

/** Support tickets (migration 005). */
export interface SupportTicketsTable {
  id: Generated<string>;
  number: ColumnType<string | number, never, never>;
  organisation_id: string;
  subject: string;
  description: string;
  category: string;
  priority: string;
  status: ColumnType<string, string | undefined, string>;
  requester_subject: string;
  requester_username: string;
  assignee_subject: ColumnType<string | null, string | null | undefined, string | null>;
  assignee_username: ColumnType<string | null, string | null | undefined, string | null>;
  layout_settings: NullableJson<Record<string, unknown>>;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
  first_response_due_at: ColumnType<Date, Date | string, Date | string>;
  resolution_due_at: ColumnType<Date, Date | string, Date | string>;
  first_response_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  solved_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  closed_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  document: ColumnType<string, never, never>;
}

export interface SupportMessagesTable {
  id: Generated<string>;
  ticket_id: string;
  organisation_id: string;
  kind: 'reply' | 'note';
  body: string;
  author_subject: string;
  author_username: string;
  created_at: CreatedAt;
}

export interface SupportAttachmentsTable {
  id: Generated<string>;
  ticket_id: string;
  organisation_id: string;
  filename: string;
  content_type: string;
  size: number;
  content: Uint8Array;
  uploaded_by_subject: string;
  uploaded_by_username: string;
  created_at: CreatedAt;
}

declare module '../../platform/store/schema.js' {
  interface StoreSchema {
    support_tickets: SupportTicketsTable;
    support_messages: SupportMessagesTable;
    support_attachments: SupportAttachmentsTable;
  }
}
