import type { ReactNode } from 'react';

interface EmptyStateProps {
  title: string;
  children?: ReactNode;
}

/** There is nothing to show yet: say so and, where there is one, offer the next step. */
export function EmptyState({ title, children }: EmptyStateProps) {
  return (
    <div className="card dw-card">
      <div className="card-body text-center py-5">
        <p className="h5">{title}</p>
        {children}
      </div>
    </div>
  );
}
