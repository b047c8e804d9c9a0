// The headline figures of a page (counts, spend) as a list of tiles: a term, its value and an
// optional note under the value (the period it covers, what it is compared with).
import type { ReactNode } from 'react';
import './figureTiles.css';

export interface Figure {
  /** What the figure is; also its key, so unique within the list. */
  label: string;
  value: ReactNode;
  note?: ReactNode;
}

export function FigureTiles({ label, figures }: { label: string; figures: readonly Figure[] }) {
  return (
    <dl className="dw-figures" aria-label={label}>
      {figures.map((figure) => (
        <div key={figure.label} className="card dw-card card-body">
          <dt>{figure.label}</dt>
          <dd>
            {figure.value}
            {figure.note ? <span className="dw-figure-note">{figure.note}</span> : null}
          </dd>
        </div>
      ))}
    </dl>
  );
}
