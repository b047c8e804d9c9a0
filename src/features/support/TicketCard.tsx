// A card beside a ticket (its status, attachments, the requester's layout): a landmark named by
// its small heading.
import type { ReactNode } from 'react';

export function TicketCard({ id, title, children }: { id: string; title: ReactNode; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="card dw-card mb-4">
      <div className="card-body">
        <h2 id={id} className="h6">
          {title}
        </h2>
        {children}
      </div>
    </section>
  );
}
