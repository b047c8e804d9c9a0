// /app/support/tickets/:ticketId: one ticket. The requester sees the conversation (public
// replies only), can reply, attach files, mark it solved, reopen or close it. Support staff also
// see internal notes, assign it, set its priority and status, and open the layout settings the
// requester shared. A reply arriving live (a notification) refreshes the page.
import { useEffect } from 'react';
import { Link, useParams } from 'react-router-dom';
import { NOTIFICATION_LIVE_TOPIC } from '@common/notifications/notificationTypes';
import { appPaths } from '@common/paths';
import { ticketCategoryLabels } from '@common/support/supportRules';
import { isNotFound } from '../../api/apiError';
import { subscribeLive } from '../../api/live/liveEvents';
import { supportApi, useGetTicketQuery } from '../../api/supportApi';
import { EmptyState } from '../../components/EmptyState';
import { QueryResult } from '../../components/QueryResult';
import { useAppDispatch } from '../../state/hooks';
import { ReplyForm } from './ReplyForm';
import { RequesterLayout } from './RequesterLayout';
import { PriorityBadge, StatusBadge } from './StatusBadge';
import { TargetBadges } from './TargetBadges';
import { TicketActions } from './TicketActions';
import { TicketAttachments } from './TicketAttachments';
import { TicketConversation } from './TicketConversation';

/** Refetches this ticket when a notification about it arrives. */
function useTicketUpdates(ticketId: string) {
  const dispatch = useAppDispatch();
  useEffect(
    () =>
      subscribeLive(NOTIFICATION_LIVE_TOPIC, (data) => {
        const link = (data as { link?: unknown } | null)?.link;
        if (typeof link === 'string' && link.endsWith(`/${ticketId}`))
          dispatch(supportApi.util.invalidateTags([{ type: 'SupportTicket', id: ticketId }]));
      }),
    [dispatch, ticketId],
  );
}

export default function TicketPage() {
  const { ticketId = '' } = useParams();
  const ticket = useGetTicketQuery(ticketId);
  useTicketUpdates(ticketId);
  const back = (
    <p className="mb-2">
      <Link to={appPaths.support}>← All tickets</Link>
    </p>
  );
  if (ticket.error && isNotFound(ticket.error)) {
    return (
      <>
        {back}
        <h1 className="h3">Ticket not found</h1>
        <EmptyState title="There is no such ticket, or it is not yours to see.">
          <Link to={appPaths.support}>Back to your tickets</Link>
        </EmptyState>
      </>
    );
  }
  return (
    <>
      {back}
      <QueryResult query={ticket} loadingLabel="Loading the ticket…" errorTitle="The ticket could not be loaded">
        {(data) => (
          <>
            <h1 className="h3 mb-2">
              #{data.number} {data.subject}
            </h1>
            <p className="d-flex flex-wrap align-items-center gap-2 mb-4">
              <StatusBadge status={data.status} />
              <PriorityBadge priority={data.priority} />
              <span className="small text-body-secondary">
                {ticketCategoryLabels[data.category]} · requested by {data.requester.username} ·{' '}
                {data.assignee ? `handled by ${data.assignee.username}` : 'not assigned yet'}
              </span>
              <TargetBadges ticket={data} />
            </p>
            <div className="row">
              <div className="col-lg-8">
                <TicketConversation ticket={data} />
                <ReplyForm ticket={data} />
              </div>
              <div className="col-lg-4">
                <TicketActions ticket={data} />
                <TicketAttachments ticket={data} />
                {data.viewer.staff && data.layoutSettings ? (
                  <RequesterLayout settings={data.layoutSettings} requester={data.requester.username} />
                ) : null}
                {!data.viewer.staff && data.hasLayoutSettings ? (
                  <p className="small text-body-secondary">You shared your layout settings with this ticket.</p>
                ) : null}
              </div>
            </div>
          </>
        )}
      </QueryResult>
    </>
  );
}
