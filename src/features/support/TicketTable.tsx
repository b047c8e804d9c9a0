// A page of tickets: number and subject (a link to the ticket), status, priority, who asked and
// who handles it (staff view), when it last changed, and where its targets stand.
import { Link } from 'react-router-dom';
import { supportTicketPath } from '@common/paths';
import type { TicketSummary } from '@common/support/supportContract';
import { ticketCategoryLabels } from '@common/support/supportRules';
import { DateTimeText } from '../../components/DateTimeText';
import { SimpleTable } from '../../components/SimpleTable';
import { PriorityBadge, StatusBadge } from './StatusBadge';
import { TargetBadges } from './TargetBadges';

export function TicketTable({ tickets, staff }: { tickets: TicketSummary[]; staff: boolean }) {
  return (
    <SimpleTable
      caption="Support tickets"
      className="table align-middle"
      rows={tickets}
      columns={[
        {
          header: 'Ticket',
          rowHeader: true,
          cellClassName: 'fw-normal',
          cell: (ticket) => (
            <>
              <Link to={supportTicketPath(ticket.id)}>
                #{ticket.number} {ticket.subject}
              </Link>
              <span className="d-block small text-body-secondary">{ticketCategoryLabels[ticket.category]}</span>
            </>
          ),
        },
        { header: 'Status', cell: (ticket) => <StatusBadge status={ticket.status} /> },
        { header: 'Priority', cell: (ticket) => <PriorityBadge priority={ticket.priority} /> },
        staff && { header: 'Requester', cell: (ticket) => ticket.requester.username },
        { header: 'Assignee', cell: (ticket) => ticket.assignee?.username ?? <span className="text-body-secondary">Unassigned</span> },
        {
          header: 'Updated',
          cell: (ticket) => (
            <time dateTime={ticket.updatedAt} className="text-nowrap small">
              <DateTimeText iso={ticket.updatedAt} />
            </time>
          ),
        },
        { header: 'Targets', cell: (ticket) => <TargetBadges ticket={ticket} /> },
      ]}
    />
  );
}
