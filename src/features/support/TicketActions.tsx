// What can be done to a ticket besides writing: change its status (only the transitions the
// rules allow the caller are offered), and for support staff assign it and set its priority.
import { useState } from 'react';
import type { TicketDetail, UpdateTicketBody } from '@common/support/supportContract';
import { ticketPriorities, ticketPriorityLabels, type TicketPriority, type TicketStatus } from '@common/support/supportRules';
import { apiErrorMessage } from '../../api/apiError';
import { useListSupportStaffQuery, useUpdateTicketMutation } from '../../api/supportApi';
import { FilterSelect } from '../../components/FilterSelect';
import { FormField } from '../../components/FormField';
import { InlineError } from '../../components/InlineError';
import { TicketCard } from './TicketCard';

const transitionLabels: Record<TicketStatus, string> = { open: 'Reopen', pending: 'Mark pending', solved: 'Mark solved', closed: 'Close' };

function StaffControls({ ticket, update }: { ticket: TicketDetail; update: (patch: UpdateTicketBody) => void }) {
  const staff = useListSupportStaffQuery();
  const people = staff.data?.staff ?? [];
  const current = ticket.assignee;
  const options = current && !people.some((person) => person.subject === current.subject) ? [current, ...people] : people;
  return (
    <div className="d-flex flex-wrap gap-3 mt-3">
      <FormField
        label="Assignee"
        control="select"
        small
        className="mb-0"
        value={current?.subject ?? ''}
        onValue={(value) => update({ assignee: value || null })}
      >
        <option value="">Unassigned</option>
        {options.map((person) => (
          <option key={person.subject} value={person.subject}>
            {person.username}
          </option>
        ))}
      </FormField>
      <FilterSelect
        label="Priority"
        small
        className="mb-0"
        value={ticket.priority}
        onValue={(value) => update({ priority: value as TicketPriority })}
        values={ticketPriorities}
        labels={ticketPriorityLabels}
      />
    </div>
  );
}

export function TicketActions({ ticket }: { ticket: TicketDetail }) {
  const [updateTicket, { isLoading, error }] = useUpdateTicketMutation();
  const [status, setStatus] = useState('');
  const update = (patch: UpdateTicketBody) => {
    setStatus('');
    void updateTicket({ id: ticket.id, patch }).then((answer) => {
      if ('data' in answer) setStatus('Saved.');
    });
  };
  return (
    <TicketCard id="actions-title" title="Status">
      {ticket.viewer.transitions.length === 0 ? (
        <p className="mb-0 small text-body-secondary">No status change is possible.</p>
      ) : (
        <div className="d-flex flex-wrap gap-2">
          {ticket.viewer.transitions.map((to) => (
            <button
              key={to}
              type="button"
              className="btn btn-outline-primary btn-sm"
              disabled={isLoading}
              onClick={() => update({ status: to })}
            >
              {transitionLabels[to]}
            </button>
          ))}
        </div>
      )}
      {ticket.viewer.staff ? <StaffControls ticket={ticket} update={update} /> : null}
      {error ? <InlineError className="mt-3 mb-0">{apiErrorMessage(error)}</InlineError> : null}
      <p role="status" className="small text-success mb-0 mt-2">
        {status}
      </p>
    </TicketCard>
  );
}
