// A page of tickets: number and subject (a link to the ticket), status, priority, who asked and
// who handles it (staff view), when it last changed, and where its targets stand.
import { Link } from 'react-router-dom';
import { supportTicketPath } from '@common/paths';
import type { TicketSummary } from '@common/support/supportContract';
import { ticketCategoryLabels } from '@common/support/supportRules';
import { PriorityBadge, StatusBadge } from './StatusBadge';
import { TargetBadges } from './TargetBadges';

function when(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : date.toLocaleString();
}

export function TicketTable({ tickets, staff }: { tickets: TicketSummary[]; staff: boolean }) {
  return (
    <div className="table-responsive">
      <table className="table align-middle">
        <caption className="visually-hidden">Support tickets</caption>
        <thead>
          <tr>
            <th scope="col">Ticket</th>
            <th scope="col">Status</th>
            <th scope="col">Priority</th>
            {staff ? <th scope="col">Requester</th> : null}
            <th scope="col">Assignee</th>
            <th scope="col">Updated</th>
            <th scope="col">Targets</th>
          </tr>
        </thead>
        <tbody>
          {tickets.map((ticket) => (
            <tr key={ticket.id}>
              <th scope="row" className="fw-normal">
                <Link to={supportTicketPath(ticket.id)}>
                  #{ticket.number} {ticket.subject}
                </Link>
                <span className="d-block small text-body-secondary">{ticketCategoryLabels[ticket.category]}</span>
              </th>
              <td>
                <StatusBadge status={ticket.status} />
              </td>
              <td>
                <PriorityBadge priority={ticket.priority} />
              </td>
              {staff ? <td>{ticket.requester.username}</td> : null}
              <td>{ticket.assignee?.username ?? <span className="text-body-secondary">Unassigned</span>}</td>
              <td>
                <time dateTime={ticket.updatedAt} className="text-nowrap small">
                  {when(ticket.updatedAt)}
                </time>
              </td>
              <td>
                <TargetBadges ticket={ticket} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
