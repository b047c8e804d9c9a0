import { ticketPriorityLabels, ticketStatusLabels, type TicketPriority, type TicketStatus } from '@common/support/supportRules';
import { ToneBadge } from '../../components/ToneBadge';

const statusTone: Record<TicketStatus, string> = {
  open: 'text-bg-primary',
  pending: 'text-bg-warning',
  solved: 'text-bg-success',
  closed: 'text-bg-secondary',
};
const priorityTone: Record<TicketPriority, string> = {
  low: 'text-bg-light border',
  normal: 'text-bg-light border',
  high: 'text-bg-warning',
  urgent: 'text-bg-danger',
};

/** A ticket's status in words, coloured. */
export function StatusBadge({ status }: { status: TicketStatus }) {
  return <ToneBadge tones={statusTone} labels={ticketStatusLabels} value={status} />;
}

export function PriorityBadge({ priority }: { priority: TicketPriority }) {
  return <ToneBadge tones={priorityTone} labels={ticketPriorityLabels} value={priority} className="fw-normal" />;
}
