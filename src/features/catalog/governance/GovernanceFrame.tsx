// The frame of the governance pages: the page's heading and one sentence on what it holds.
import type { ReactNode } from 'react';
import { typedList } from '../typedList';
import './governance.css';

export function GovernanceFrame({ id, title, intro, children }: { id: string; title: string; intro: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id}>
      <h1 id={id} className="h3 mb-1">
        {title}
      </h1>
      <p className="text-body-secondary mb-3">{intro}</p>
      {children}
    </section>
  );
}

/** "a; b, c" → ["a", "b", "c"]: how people type lists into one field. */
export function splitList(text: string): string[] {
  return typedList(text, /[;,]/);
}
