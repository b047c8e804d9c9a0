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

// The filters of a fixed set of values besides the status: each an address parameter, "any" first.
const fixedFilters: readonly {
  name: string;
  label: string;
  anyLabel: string;
  values: readonly string[];
  labels: Readonly<Record<string, string>>;
}[] = [
  { name: 'priority', label: 'Priority', anyLabel: 'Any priority', values: ticketPriorities, labels: ticketPriorityLabels },
  { name: 'category', label: 'Category', anyLabel: 'Any category', values: ticketCategories, labels: ticketCategoryLabels },
];

export function TicketFilters({ params, staff, onChange }: TicketFiltersProps) {
  const select = (name: string) => (value: string) => onChange({ [name]: value || null });
  // A small select of the row bound to its address parameter.
  const bound = (name: string) => ({ value: params.get(name) ?? '', onValue: select(name), small: true, className: 'mb-0' });
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
        <FilterSelect label="Status" {...bound('status')} anyLabel="Any status" values={ticketStatuses} labels={ticketStatusLabels}>
          <option value="open,pending">Open or pending</option>
        </FilterSelect>
        {fixedFilters.map(({ name, ...choices }) => (
          <FilterSelect key={name} {...bound(name)} {...choices} />
        ))}
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
