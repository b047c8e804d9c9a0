// A ticket's first-response and resolution targets as badges: due (with when), overdue, met or
// missed. The colour is never the only sign: the words say it.
import type { TicketSummary } from '@common/support/supportContract';
import { targetState } from '@common/support/supportRules';

function relative(iso: string, now: Date): string {
  const minutes = Math.round((new Date(iso).getTime() - now.getTime()) / 60_000);
  const abs = Math.abs(minutes);
  const text = abs < 60 ? `${abs} min` : abs < 48 * 60 ? `${Math.round(abs / 60)} h` : `${Math.round(abs / 1440)} d`;
  return minutes >= 0 ? `in ${text}` : `${text} ago`;
}

function Badge({
  label,
  dueAt,
  doneAt,
  stopped,
  now,
}: {
  label: string;
  dueAt: string;
  doneAt: string | null;
  stopped: boolean;
  now: Date;
}) {
  const { state, late } = targetState(dueAt, doneAt, now, stopped);
  if (state === 'none') return null;
  const [tone, text] =
    state === 'met'
      ? late
        ? ['text-bg-warning', `${label} missed`]
        : ['text-bg-success', `${label} met`]
      : state === 'overdue'
        ? ['text-bg-danger', `${label} overdue (${relative(dueAt, now)})`]
        : ['text-bg-light border', `${label} due ${relative(dueAt, now)}`];
  return <span className={`badge ${tone} me-1 fw-normal`}>{text}</span>;
}

export function TargetBadges({ ticket, now = new Date() }: { ticket: TicketSummary; now?: Date }) {
  const finished = ticket.status === 'solved' || ticket.status === 'closed';
  return (
    <span className="d-inline-flex flex-wrap gap-1">
      <Badge label="First response" dueAt={ticket.firstResponseDueAt} doneAt={ticket.firstResponseAt} stopped={finished} now={now} />
      <Badge label="Resolution" dueAt={ticket.resolutionDueAt} doneAt={ticket.solvedAt} stopped={finished && !ticket.solvedAt} now={now} />
    </span>
  );
}
