// A page that is its heading, one sentence on what it holds, then its content: the page is a
// landmark named by its heading.
import type { ReactNode } from 'react';

interface IntroducedPageProps {
  /** The heading's id, which names the page's section. */
  id: string;
  title: ReactNode;
  intro: ReactNode;
  children: ReactNode;
}

export function IntroducedPage({ id, title, intro, children }: IntroducedPageProps) {
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
