// The ticket list's state lives in the address (search, filters, sort, page), so a list can be
// shared, bookmarked and reloaded; this turns it into the API's query string.
import { ticketCategories, ticketPriorities, ticketSorts, ticketStatuses } from '@common/support/supportRules';

export const DEFAULT_PAGE_SIZE = 25;

const allowed: Record<string, readonly string[] | null> = {
  q: null,
  status: ticketStatuses,
  priority: ticketPriorities,
  category: ticketCategories,
  assignee: ['me', 'unassigned'],
  mine: ['true'],
  sort: ticketSorts,
  order: ['asc', 'desc'],
  page: null,
  pageSize: null,
};

/** The API query for the address's parameters: only known ones, only valid values. */
export function ticketApiQuery(params: URLSearchParams): string {
  const query = new URLSearchParams();
  for (const [name, values] of Object.entries(allowed)) {
    const value = params.get(name)?.trim();
    if (!value) continue;
    if (name === 'page' || name === 'pageSize') {
      if (/^[1-9][0-9]{0,4}$/.test(value) && (name === 'page' || Number(value) <= 100)) query.set(name, value);
      continue;
    }
    if (values && !value.split(',').every((part) => values.includes(part))) continue;
    query.set(name, name === 'q' ? value.slice(0, 200) : value);
  }
  if (!query.has('pageSize')) query.set('pageSize', String(DEFAULT_PAGE_SIZE));
  return query.toString();
}

/** The new-ticket form's pre-filled fields from `?subject=…&description=…` (the help assistant's hand-off). */
export function prefillFrom(params: URLSearchParams): { subject: string; description: string } | null {
  const subject = params.get('subject') ?? '';
  const description = params.get('description') ?? '';
  return subject || description ? { subject, description } : null;
}
