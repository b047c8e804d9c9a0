import { Fragment } from 'react';
import type { HighlightedText } from '@common/dbt/catalogContract';

/** Text with the words that matched the search marked. */
export function Highlighted({ parts }: { parts: HighlightedText }) {
  return (
    <>{parts.map((part, index) => (part.match ? <mark key={index}>{part.text}</mark> : <Fragment key={index}>{part.text}</Fragment>))}</>
  );
}
