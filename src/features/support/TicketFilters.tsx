// The list's search box and filters. They write the address; the list reads it.
import { useState, type FormEvent } from 'react';
import {
  TICKET_SEARCH_MAX,
  ticketSorts,
  ticketCategories,
  ticketCategoryLabels,
  ticketPriorities,
  ticketPriorityLabels,
  ticketStatuses,
  ticketStatusLabels,
} from '@common/support/supportRules';
import { FilterSelect } from '../../components/FilterSelect';
import { FormField } from '../../components/FormField';

const sortLabels: Record<(typeof ticketSorts)[number], string> = {
  updated: 'Last updated',
  created: 'Opened',
  priority: 'Priority',
  due: 'Next target due',
};

interface TicketFiltersProps {
  params: URLSearchParams;
  staff: boolean;
  onChange: (changes: Record<string, string | null>) => void;
}

export function TicketFilters({ params, staff, onChange }: TicketFiltersProps) {
  const [text, setText] = useState(params.get('q') ?? '');
  const [error, setError] = useState<string | undefined>();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (text.length > TICKET_SEARCH_MAX) {
      setError(`must be at most ${TICKET_SEARCH_MAX} characters (this has ${text.length})`);
      return;
    }
    setError(undefined);
    onChange({ q: text.trim() || null });
  };
  const select = (name: string) => (value: string) => onChange({ [name]: value || null });
  return (
    <div className="mb-3">
      <form role="search" aria-label="Tickets" className="d-flex flex-wrap align-items-start gap-2 mb-2" onSubmit={submit}>
        <FormField
          label="Search tickets"
          labelClassName="visually-hidden"
          className="mb-0 flex-grow-1"
          type="search"
          placeholder="Search subject and description"
          value={text}
          onValue={setText}
          error={error}
        />
        <button type="submit" className="btn btn-primary">
          Search
        </button>
      </form>
      <div className="d-flex flex-wrap gap-3">
        <FilterSelect
          label="Status"
          value={params.get('status') ?? ''}
          onValue={select('status')}
          anyLabel="Any status"
          values={ticketStatuses}
          labels={ticketStatusLabels}
          small
          className="mb-0"
        >
          <option value="open,pending">Open or pending</option>
        </FilterSelect>
        <FilterSelect
          label="Priority"
          value={params.get('priority') ?? ''}
          onValue={select('priority')}
          anyLabel="Any priority"
          values={ticketPriorities}
          labels={ticketPriorityLabels}
          small
          className="mb-0"
        />
        <FilterSelect
          label="Category"
          value={params.get('category') ?? ''}
          onValue={select('category')}
          anyLabel="Any category"
          values={ticketCategories}
          labels={ticketCategoryLabels}
          small
          className="mb-0"
        />
        {staff ? (
          <FormField
            label="Assignee"
            control="select"
            small
            className="mb-0"
            value={params.get('assignee') ?? (params.get('mine') ? 'requested' : '')}
            onValue={(value) =>
              onChange({ assignee: value === 'me' || value === 'unassigned' ? value : null, mine: value === 'requested' ? 'true' : null })
            }
          >
            <option value="">Anyone</option>
            <option value="me">Assigned to me</option>
            <option value="unassigned">Unassigned</option>
            <option value="requested">Requested by me</option>
          </FormField>
        ) : null}
        <FormField label="Sort by" control="select" small className="mb-0" value={params.get('sort') ?? ''} onValue={select('sort')}>
          <option value="">{params.get('q') ? 'Best match' : 'Last updated'}</option>
          {ticketSorts
            .filter((sort) => sort !== 'updated' || params.get('q'))
            .map((sort) => (
              <option key={sort} value={sort}>
                {sortLabels[sort]}
              </option>
            ))}
        </FormField>
      </div>
    </div>
  );
}
