// Who hears of a ticket's change, through the notifications service: the other side. A staff
// reply or status change goes to the requester; the requester's goes to the assignee, or to all
// support staff while nobody is assigned. Internal notes go to staff only, never the requester.
import { supportStaffRoles } from '@common/access/access';
import { supportTicketPath } from '@common/paths';
import { ticketStatusLabels, type TicketStatus } from '@common/support/supportRules';
import type { NotificationsService, NotifyRequest } from '../../platform/notifications/index.js';
import type { SupportActor } from './ticketsStore.js';
import type { TicketRow } from './ticketViews.js';

type Log = { warn(object: object, message: string): void };

export interface TicketNotices {
  created(actor: SupportActor, ticket: { id: string; number: number; subject: string }): Promise<void>;
  message(actor: SupportActor, ticket: TicketRow, kind: 'reply' | 'note', body: string): Promise<void>;
  updated(
    actor: SupportActor,
    before: TicketRow,
    after: { status: TicketStatus; assignee: { subject: string; username: string } | null },
  ): Promise<void>;
}

const EXCERPT = 300;
const excerpt = (text: string) => (text.length > EXCERPT ? `${text.slice(0, EXCERPT - 1)}…` : text);

export function createTicketNotices(notifications: NotificationsService, log: Log): TicketNotices {
  // A notice that cannot be sent never undoes the change it reports: it is logged.
  const send = async (request: NotifyRequest) => {
    try {
      await notifications.notify(request);
    } catch (error) {
      log.warn({ err: error, type: request.type }, 'could not send a ticket notification');
    }
  };
  const base = (actor: SupportActor, ticket: { id: string; number: number | string }) => ({
    organisation: actor.organisation,
    type: 'ticket_update' as const,
    link: supportTicketPath(ticket.id),
    data: { ticketId: ticket.id },
    exceptUserIds: [actor.subject],
  });
  /** The staff side of a ticket: its assignee, or every support staff member while none is assigned. */
  const staffSide = (ticket: TicketRow) => (ticket.assignee_subject ? { userId: ticket.assignee_subject } : { role: supportStaffRoles });
  const fromRequester = (actor: SupportActor, ticket: TicketRow) => actor.subject === ticket.requester_subject;

  return {
    async created(actor, ticket) {
      await send({
        ...base(actor, ticket),
        audience: { role: supportStaffRoles },
        title: `New ticket #${ticket.number}: ${ticket.subject}`,
        body: `Opened by ${actor.username}.`,
      });
    },
    async message(actor, ticket, kind, body) {
      const label = `#${ticket.number}: ${ticket.subject}`;
      if (kind === 'note') {
        // Internal: only the staff side hears of it, and never the requester even if they are staff.
        await send({
          ...base(actor, ticket),
          exceptUserIds: [actor.subject, ticket.requester_subject],
          audience: staffSide(ticket),
          title: `Internal note on ticket ${label}`,
          body: `${actor.username}: ${excerpt(body)}`,
        });
        return;
      }
      const audience = fromRequester(actor, ticket) ? staffSide(ticket) : { userId: ticket.requester_subject };
      await send({ ...base(actor, ticket), audience, title: `New reply on ticket ${label}`, body: `${actor.username}: ${excerpt(body)}` });
    },
    async updated(actor, before, after) {
      const label = `#${before.number}: ${before.subject}`;
      const requesterAudience = fromRequester(actor, before) ? staffSide(before) : { userId: before.requester_subject };
      if (after.status !== before.status) {
        await send({
          ...base(actor, before),
          audience: requesterAudience,
          title: `Ticket ${label} is now ${ticketStatusLabels[after.status].toLowerCase()}`,
          body: `${actor.username} changed it from ${ticketStatusLabels[before.status as TicketStatus].toLowerCase()} to ${ticketStatusLabels[after.status].toLowerCase()}.`,
        });
      }
      if ((after.assignee?.subject ?? null) !== before.assignee_subject) {
        if (after.assignee) {
          await send({
            ...base(actor, before),
            audience: { userId: after.assignee.subject },
            title: `Ticket ${label} is assigned to you`,
            body: `Assigned by ${actor.username}.`,
          });
        }
        await send({
          ...base(actor, before),
          audience: { userId: before.requester_subject },
          title: after.assignee
            ? `${after.assignee.username} is handling your ticket ${label}`
            : `Your ticket ${label} is waiting for a support engineer`,
        });
      }
    },
  };
}
