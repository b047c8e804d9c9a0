// The top of a page: its one h1 and, on the right, the page's main actions (new, add, propose).
// Pages write it through this so headings keep one level and the actions one place.
import type { ReactNode } from 'react';

interface PageHeaderProps {
  title: ReactNode;
  /** Buttons or links beside the heading; nothing when the caller may not act. */
  actions?: ReactNode;
  /** Space below, "mb-3" by default; "mb-1" where a lead paragraph follows. */
  className?: string;
}

export function PageHeader({ title, actions, className = 'mb-3' }: PageHeaderProps) {
  return (
    <div className={`d-flex flex-wrap align-items-center justify-content-between gap-2 ${className}`}>
      <h1 className="h3 mb-0">{title}</h1>
      {actions}
    </div>
  );
}
