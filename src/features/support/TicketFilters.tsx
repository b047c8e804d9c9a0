// The list's search box and filters. They write the address; the list reads it.
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
import { SearchBar } from '../../components/SearchBar';

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
  const select = (name: string) => (value: string) => onChange({ [name]: value || null });
  return (
    <div className="mb-3">
      <SearchBar
        formLabel="Tickets"
        label="Search tickets"
        placeholder="Search subject and description"
        initial={params.get('q') ?? ''}
        check={(text) =>
          text.length > TICKET_SEARCH_MAX ? `must be at most ${TICKET_SEARCH_MAX} characters (this has ${text.length})` : undefined
        }
        onSearch={(text) => onChange({ q: text || null })}
        className="d-flex flex-wrap align-items-start gap-2 mb-2"
        fieldClassName="mb-0 flex-grow-1"
        buttonClassName="btn btn-primary"
      />
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
