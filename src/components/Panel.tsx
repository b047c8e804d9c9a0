import { useId, type ReactNode } from 'react';

interface PanelProps {
  title: string;
  /** One sentence on what the panel shows or how to read it. */
  description?: ReactNode;
  /** Controls on the right of the heading (a sort choice, an action). */
  actions?: ReactNode;
  children: ReactNode;
  /** The heading's id, where something inside (a form) is named by it; generated otherwise. */
  titleId?: string;
}

/** A titled part of a page, as a landmark named by its heading. */
export function Panel({ title, description, actions, children, titleId: givenId }: PanelProps) {
  const generatedId = useId();
  const titleId = givenId ?? generatedId;
  return (
    <section className="card dw-card mb-4" aria-labelledby={titleId}>
      <div className="card-body">
        <div className="d-flex flex-wrap align-items-start justify-content-between gap-2 mb-2">
          <div>
            <h2 id={titleId} className="h5 mb-1">
              {title}
            </h2>
            {description ? <p className="small text-body-secondary mb-0">{description}</p> : null}
          </div>
          {actions}
        </div>
        {children}
      </div>
    </section>
  );
}
