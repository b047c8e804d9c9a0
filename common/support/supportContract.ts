// The support API: tickets, their messages and attachments. The browser imports types only.
import { z } from 'zod';
import * as zm from 'zod/mini';
import { appearancePatchSchema } from '../layout/layoutSchema';
import { markdownText } from '../text/textRules';
import {
  TICKET_PAGE_SIZE_MAX,
  TICKET_SEARCH_MAX,
  TICKET_SUBJECT_MAX,
  TICKET_TEXT_MAX,
  ticketCategories,
  ticketPriorities,
  ticketSorts,
  ticketStatuses,
} from './supportRules';

// A ticket's text follows the portal's one text rule: no control characters but tab and line breaks.
const text = markdownText;

const status = z.enum(ticketStatuses, { error: `must be one of ${ticketStatuses.join(', ')}` });
const priority = z.enum(ticketPriorities, { error: `must be one of ${ticketPriorities.join(', ')}` });
const category = z.enum(ticketCategories, { error: `must be one of ${ticketCategories.join(', ')}` });

const person = z.object({ subject: z.string(), username: z.string() });

export const ticketSummary = z.object({
  id: z.string(),
  number: z.number(),
  subject: z.string(),
  category,
  priority,
  status,
  requester: person,
  assignee: person.nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  firstResponseDueAt: z.string(),
  resolutionDueAt: z.string(),
  firstResponseAt: z.string().nullable(),
  solvedAt: z.string().nullable(),
  hasLayoutSettings: z.boolean(),
});
export type TicketSummary = z.infer<typeof ticketSummary>;

export const ticketMessage = z.object({
  id: z.string(),
  /** `note`: internal, seen by support staff only (never in a requester's answer). */
  kind: z.enum(['reply', 'note']),
  body: z.string(),
  author: z.object({ username: z.string(), staff: z.boolean() }),
  createdAt: z.string(),
});
export type TicketMessage = z.infer<typeof ticketMessage>;

export const ticketAttachment = z.object({
  id: z.string(),
  filename: z.string(),
  contentType: z.string(),
  size: z.number(),
  uploadedBy: z.string(),
  createdAt: z.string(),
});
export type TicketAttachment = z.infer<typeof ticketAttachment>;

export const ticketDetail = ticketSummary.extend({
  description: z.string(),
  messages: z.array(ticketMessage),
  attachments: z.array(ticketAttachment),
  /** The requester's layout settings captured with their consent; support staff only (null otherwise). */
  layoutSettings: z.record(z.string(), z.unknown()).nullable(),
  /** What the caller may do. */
  viewer: z.object({ staff: z.boolean(), transitions: z.array(status) }),
});
export type TicketDetail = z.infer<typeof ticketDetail>;

export const ticketResponse = z.object({ ticket: ticketDetail });
export type TicketResponse = z.infer<typeof ticketResponse>;

export { ticketSorts, type TicketSort } from './supportRules';

const commaList = <T extends readonly [string, ...string[]]>(values: T, name: string) =>
  z
    .string()
    .transform((value) =>
      value
        .split(',')
        .map((item) => item.trim())
        .filter(Boolean),
    )
    .pipe(z.array(z.enum(values, { error: `must list ${name} from ${values.join(', ')}` })).max(values.length));

export const ticketListQuery = z.strictObject({
  q: z.string().max(TICKET_SEARCH_MAX, `must be at most ${TICKET_SEARCH_MAX} characters`).optional(),
  status: commaList(ticketStatuses, 'statuses').optional(),
  priority: commaList(ticketPriorities, 'priorities').optional(),
  category: commaList(ticketCategories, 'categories').optional(),
  /** Staff: `me` (assigned to me), `unassigned`, or any (absent). */
  assignee: z.enum(['me', 'unassigned'], { error: 'must be me or unassigned' }).optional(),
  /** Staff: only the tickets they requested themselves. */
  mine: z.enum(['true', 'false'], { error: 'must be true or false' }).optional(),
  sort: z.enum(ticketSorts, { error: `must be one of ${ticketSorts.join(', ')}` }).optional(),
  order: z.enum(['asc', 'desc'], { error: 'must be asc or desc' }).optional(),
  page: z.coerce.number({ error: 'must be a number' }).int('must be a whole number').min(1, 'must be at least 1').max(100_000).optional(),
  pageSize: z.coerce
    .number({ error: 'must be a number' })
    .int('must be a whole number')
    .min(1, 'must be at least 1')
    .max(TICKET_PAGE_SIZE_MAX, `must be at most ${TICKET_PAGE_SIZE_MAX}`)
    .optional(),
});
/** The list's query as the server reads it (the comma lists split). */
export type TicketListQuery = z.output<typeof ticketListQuery>;

export const ticketListResponse = z.object({
  tickets: z.array(ticketSummary),
  total: z.number(),
  page: z.number(),
  pageSize: z.number(),
  /** Whether the caller sees the staff view (every ticket of the organisation). */
  staff: z.boolean(),
});
export type TicketListResponse = z.infer<typeof ticketListResponse>;

export const createTicketBody = z.strictObject(
  {
    subject: text(TICKET_SUBJECT_MAX),
    description: text(TICKET_TEXT_MAX),
    category,
    priority,
    /** Present only when the requester ticked the consent box. */
    layoutSettings: zm.optional(appearancePatchSchema),
  },
  { error: 'must be a JSON object' },
);
export type CreateTicketBody = z.input<typeof createTicketBody>;

export const updateTicketBody = z
  .strictObject(
    {
      status: status.optional(),
      priority: priority.optional(),
      category: category.optional(),
      /** Support staff's subject (from GET /api/support/staff), or null to unassign. */
      assignee: z.string().min(1, 'must be a user id').max(200).nullable().optional(),
    },
    { error: 'must be a JSON object' },
  )
  .refine((body) => Object.keys(body).length > 0, 'give at least one of status, priority, category, assignee');
export type UpdateTicketBody = z.input<typeof updateTicketBody>;

export const addMessageBody = z.strictObject(
  { kind: z.enum(['reply', 'note'], { error: 'must be reply or note' }), body: text(TICKET_TEXT_MAX) },
  { error: 'must be a JSON object' },
);
export type AddMessageBody = z.input<typeof addMessageBody>;

export const ticketIdParams = z.object({ id: z.uuid('must be a ticket id') });
export const attachmentParams = z.object({ id: z.uuid('must be a ticket id'), attachmentId: z.uuid('must be an attachment id') });

export const staffResponse = z.object({ staff: z.array(person) });
export type StaffResponse = z.infer<typeof staffResponse>;
