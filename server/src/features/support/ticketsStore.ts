// Tickets of one organisation in the portal store. A requester reaches only the tickets they
// opened (any other answers "not found", like another organisation's); support staff reach all
// of their organisation's. Every write is one transaction with its audit entry.
import { sql, type Transaction } from 'kysely';
import { isSupportStaff } from '@common/access/access';
import type { TicketDetail, TicketListResponse } from '@common/support/supportContract';
import {
  dueDates,
  transitionProblem,
  type TicketCategory,
  type TicketPriority,
  type TicketSort,
  type TicketStatus,
} from '@common/support/supportRules';
import { prefixQuery, queryWords } from '../../platform/search/index.js';
import { ensureOrganisation, writeAudit, type Actor } from '../../platform/store/audit.js';
import { RecordNotFoundError } from '../../platform/store/errors.js';
import type { StoreDb } from '../../platform/store/openStore.js';
import type { StoreSchema } from '../../platform/store/schema.js';
import { StaffOnlyError, TransitionError } from './errors.js';
import { toDetail, toSummary, type TicketRow, type Viewer } from './ticketViews.js';

type Db = StoreDb | Transaction<StoreSchema>;

export interface SupportActor extends Actor, Viewer {}

const ticketColumns = [
  'id',
  'number',
  'organisation_id',
  'subject',
  'description',
  'category',
  'priority',
  'status',
  'requester_subject',
  'requester_username',
  'assignee_subject',
  'assignee_username',
  'layout_settings',
  'created_at',
  'updated_at',
  'first_response_due_at',
  'resolution_due_at',
  'first_response_at',
  'solved_at',
  'closed_at',
] as const;

/** The ticket if the viewer may reach it; "not found" otherwise (another organisation's, or someone else's for a requester). */
export async function visibleTicket(db: Db, organisation: string, viewer: Viewer, id: string, forUpdate = false): Promise<TicketRow> {
  let query = db
    .selectFrom('support_tickets')
    .select([...ticketColumns])
    .where('organisation_id', '=', organisation)
    .where('id', '=', id);
  if (!isSupportStaff(viewer.roles)) query = query.where('requester_subject', '=', viewer.subject);
  const row = await (forUpdate ? query.forUpdate() : query).executeTakeFirst();
  if (!row) throw new RecordNotFoundError('ticket');
  return row;
}

export async function ticketDetail(db: Db, organisation: string, viewer: Viewer, id: string): Promise<TicketDetail> {
  const row = await visibleTicket(db, organisation, viewer, id);
  const [messages, attachments] = await Promise.all([
    db.selectFrom('support_messages').selectAll().where('ticket_id', '=', id).orderBy('created_at').orderBy('id').execute(),
    db
      .selectFrom('support_attachments')
      .select([
        'id',
        'ticket_id',
        'organisation_id',
        'filename',
        'content_type',
        'size',
        'uploaded_by_subject',
        'uploaded_by_username',
        'created_at',
      ])
      .where('ticket_id', '=', id)
      .orderBy('created_at')
      .execute(),
  ]);
  return toDetail(row, messages, attachments, viewer);
}

export interface NewTicket {
  subject: string;
  description: string;
  category: TicketCategory;
  priority: TicketPriority;
  layoutSettings?: Record<string, unknown>;
}

export async function createTicket(db: StoreDb, actor: SupportActor, input: NewTicket, now = new Date()): Promise<TicketDetail> {
  const id = await db.transaction().execute(async (tx) => {
    await ensureOrganisation(tx, actor.organisation);
    const due = dueDates(input.priority, now);
    const row = await tx
      .insertInto('support_tickets')
      .values({
        organisation_id: actor.organisation,
        subject: input.subject,
        description: input.description,
        category: input.category,
        priority: input.priority,
        requester_subject: actor.subject,
        requester_username: actor.username,
        layout_settings: input.layoutSettings ? JSON.stringify(input.layoutSettings) : null,
        created_at: now,
        updated_at: now,
        first_response_due_at: due.firstResponseDueAt,
        resolution_due_at: due.resolutionDueAt,
      })
      .returning(['id', 'number'])
      .executeTakeFirstOrThrow();
    await writeAudit(tx, actor, {
      action: 'support.ticket.create',
      target: row.id,
      details: {
        number: Number(row.number),
        subject: input.subject,
        category: input.category,
        priority: input.priority,
        layoutSettings: Boolean(input.layoutSettings),
      },
    });
    return row.id;
  });
  return ticketDetail(db, actor.organisation, actor, id);
}

export interface TicketListFilter {
  q?: string;
  status?: TicketStatus[];
  priority?: TicketPriority[];
  category?: TicketCategory[];
  assignee?: 'me' | 'unassigned';
  mine?: boolean;
  sort?: TicketSort;
  order?: 'asc' | 'desc';
  page: number;
  pageSize: number;
}

const priorityRank = sql<number>`case priority when 'urgent' then 4 when 'high' then 3 when 'normal' then 2 else 1 end`;

/** The staff view lists the organisation's tickets; a requester's lists their own. Search is PostgreSQL full text. */
export async function listTickets(
  db: StoreDb,
  organisation: string,
  viewer: Viewer,
  filter: TicketListFilter,
): Promise<TicketListResponse> {
  const staff = isSupportStaff(viewer.roles);
  const words = queryWords(filter.q);
  const tsquery = words.length > 0 ? prefixQuery(words) : null;
  let base = db.selectFrom('support_tickets').where('organisation_id', '=', organisation);
  if (!staff || filter.mine) base = base.where('requester_subject', '=', viewer.subject);
  if (tsquery) base = base.where(sql<boolean>`document @@ to_tsquery('simple', ${tsquery})`);
  if (filter.status?.length) base = base.where('status', 'in', filter.status);
  if (filter.priority?.length) base = base.where('priority', 'in', filter.priority);
  if (filter.category?.length) base = base.where('category', 'in', filter.category);
  if (staff && filter.assignee === 'me') base = base.where('assignee_subject', '=', viewer.subject);
  if (staff && filter.assignee === 'unassigned') base = base.where('assignee_subject', 'is', null);

  const direction = filter.order ?? (filter.sort === 'due' ? 'asc' : 'desc');
  let rows = base.select([...ticketColumns]);
  if (tsquery && !filter.sort) {
    rows = rows.orderBy(sql`ts_rank(document, to_tsquery('simple', ${tsquery}))`, 'desc');
  } else if (filter.sort === 'created') {
    rows = rows.orderBy('created_at', direction);
  } else if (filter.sort === 'priority') {
    rows = rows.orderBy(priorityRank, direction).orderBy('updated_at', 'desc');
  } else if (filter.sort === 'due') {
    // What needs doing next: the nearer of the two targets still running; finished tickets last.
    rows = rows
      .orderBy(sql`status in ('solved', 'closed')`)
      .orderBy(
        sql`case when first_response_at is null then least(first_response_due_at, resolution_due_at) else resolution_due_at end`,
        direction,
      );
  } else {
    rows = rows.orderBy('updated_at', direction);
  }
  const [page, count] = await Promise.all([
    rows
      .orderBy('number', 'desc')
      .limit(filter.pageSize)
      .offset((filter.page - 1) * filter.pageSize)
      .execute(),
    base.select((eb) => eb.fn.countAll<string | number>().as('total')).executeTakeFirstOrThrow(),
  ]);
  return { tickets: page.map(toSummary), total: Number(count.total), page: filter.page, pageSize: filter.pageSize, staff };
}

export interface TicketPatch {
  status?: TicketStatus;
  priority?: TicketPriority;
  category?: TicketCategory;
  assignee?: { subject: string; username: string } | null;
}

export interface TicketChange {
  before: TicketRow;
  after: TicketDetail;
}

export async function updateTicket(
  db: StoreDb,
  actor: SupportActor,
  id: string,
  patch: TicketPatch,
  now = new Date(),
): Promise<TicketChange> {
  const staff = isSupportStaff(actor.roles);
  const before = await db.transaction().execute(async (tx) => {
    const row = await visibleTicket(tx, actor.organisation, actor, id, true);
    if (!staff && (patch.priority !== undefined || patch.category !== undefined || patch.assignee !== undefined)) {
      const field = patch.assignee !== undefined ? 'assignee' : patch.priority !== undefined ? 'priority' : 'category';
      throw new StaffOnlyError(`Only support staff may change the ${field} of a ticket.`, field);
    }
    const from = row.status as TicketStatus;
    if (patch.status !== undefined && patch.status !== from) {
      const problem = transitionProblem(from, patch.status, staff);
      if (problem) throw new TransitionError(problem, !staff && !problem.includes('not allowed'));
    }
    const status = patch.status ?? from;
    const due = patch.priority && patch.priority !== row.priority ? dueDates(patch.priority, new Date(row.created_at)) : null;
    await tx
      .updateTable('support_tickets')
      .set({
        status,
        ...(patch.priority ? { priority: patch.priority } : {}),
        ...(patch.category ? { category: patch.category } : {}),
        ...(patch.assignee !== undefined
          ? { assignee_subject: patch.assignee?.subject ?? null, assignee_username: patch.assignee?.username ?? null }
          : {}),
        ...(due ? { first_response_due_at: due.firstResponseDueAt, resolution_due_at: due.resolutionDueAt } : {}),
        ...(status === 'solved' && from !== 'solved' ? { solved_at: now } : {}),
        ...(status === 'open' && from === 'solved' ? { solved_at: null } : {}),
        ...(status === 'closed' ? { closed_at: now } : {}),
        updated_at: now,
      })
      .where('id', '=', id)
      .execute();
    await writeAudit(tx, actor, {
      action: 'support.ticket.update',
      target: id,
      details: {
        ...(patch.status && patch.status !== from ? { status: { from, to: patch.status } } : {}),
        ...(patch.priority ? { priority: patch.priority } : {}),
        ...(patch.category ? { category: patch.category } : {}),
        ...(patch.assignee !== undefined ? { assignee: patch.assignee?.username ?? null } : {}),
      },
    });
    return row;
  });
  return { before, after: await ticketDetail(db, actor.organisation, actor, id) };
}

export interface MessageChange extends TicketChange {
  messageId: string;
}

/**
 * A public reply or an internal note. A staff reply is the first response if none came yet; a
 * requester's reply to a pending or solved ticket opens it again (the ball is back with staff).
 */
export async function addMessage(
  db: StoreDb,
  actor: SupportActor,
  id: string,
  kind: 'reply' | 'note',
  body: string,
  now = new Date(),
): Promise<MessageChange> {
  const staff = isSupportStaff(actor.roles);
  if (kind === 'note' && !staff) throw new StaffOnlyError('Only support staff may write internal notes.', 'kind');
  const { before, messageId } = await db.transaction().execute(async (tx) => {
    const row = await visibleTicket(tx, actor.organisation, actor, id, true);
    if (row.status === 'closed' && kind === 'reply')
      throw new TransitionError('The ticket is closed: replies are not possible any more. Open a new ticket.', false);
    const message = await tx
      .insertInto('support_messages')
      .values({
        ticket_id: id,
        organisation_id: actor.organisation,
        kind,
        body,
        author_subject: actor.subject,
        author_username: actor.username,
        created_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const fromStaff = actor.subject !== row.requester_subject;
    const reopen = kind === 'reply' && !fromStaff && (row.status === 'pending' || row.status === 'solved');
    await tx
      .updateTable('support_tickets')
      .set({
        updated_at: now,
        ...(kind === 'reply' && fromStaff && staff && row.first_response_at === null ? { first_response_at: now } : {}),
        ...(reopen ? { status: 'open', solved_at: null } : {}),
      })
      .where('id', '=', id)
      .execute();
    await writeAudit(tx, actor, {
      action: kind === 'note' ? 'support.ticket.note' : 'support.ticket.reply',
      target: id,
      details: { message: message.id, ...(reopen ? { status: { from: row.status, to: 'open' } } : {}) },
    });
    return { before: row, messageId: message.id };
  });
  return { before, messageId, after: await ticketDetail(db, actor.organisation, actor, id) };
}
