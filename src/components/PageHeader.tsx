// The top of a page: its one h1 and, on the right, the page's main actions (new, add, propose).
// Pages write it through this so headings keep one level and the actions one place.
import type { ReactNode } from 'react';

/** The page's one main action (new, ask, propose): a primary button beside the heading. */
export interface PageAction {
  label: string;
  onClick: () => void;
}

interface PageHeaderProps {
  title: ReactNode;
  /** The main action, shown before any other actions; null or absent where the caller may not act. */
  action?: PageAction | null;
  /** Buttons or links beside the heading; nothing when the caller may not act. */
  actions?: ReactNode;
  /** Space below, "mb-3" by default; "mb-1" where a lead paragraph follows. */
  className?: string;
}

export function PageHeader({ title, action, actions, className = 'mb-3' }: PageHeaderProps) {
  return (
    <div className={`d-flex flex-wrap align-items-center justify-content-between gap-2 ${className}`}>
      <h1 className="h3 mb-0">{title}</h1>
      {action ? (
        <button type="button" className="btn btn-primary" onClick={action.onClick}>
          {action.label}
        </button>
      ) : null}
      {actions}
    </div>
  );
}
