// A row of search and filter fields that apply as they change: a search landmark named by
// `label`, with no button, so Enter in its search field must not reload the page.
import type { ReactNode } from 'react';

interface FilterFormProps {
  /** The landmark's name, e.g. "Filter exposures". */
  label: string;
  /** Classes of the form; a wrapping row of fields aligned on their bottoms by default. */
  className?: string;
  children: ReactNode;
}

export function FilterForm({ label, className = 'd-flex flex-wrap gap-2 align-items-end mb-3', children }: FilterFormProps) {
  return (
    <form role="search" aria-label={label} className={className} onSubmit={(event) => event.preventDefault()}>
      {children}
    </form>
  );
}
