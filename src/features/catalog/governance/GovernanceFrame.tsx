// The frame of the governance pages: the page's heading and one sentence on what it holds.
import type { ReactNode } from 'react';
import { IntroducedPage } from '../../../components/IntroducedPage';
import { typedList } from '../typedList';
import './governance.css';

export function GovernanceFrame({ id, title, intro, children }: { id: string; title: string; intro: string; children: ReactNode }) {
  return (
    <IntroducedPage id={id} title={title} intro={intro}>
      {children}
    </IntroducedPage>
  );
}

/** "a; b, c" → ["a", "b", "c"]: how people type lists into one field. */
export function splitList(text: string): string[] {
  return typedList(text, /[;,]/);
}
