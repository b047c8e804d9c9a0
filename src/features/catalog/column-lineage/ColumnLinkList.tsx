// A cell's list of linked columns (each to its asset page, with how it relates in words), kept
// short in a table row: the first few show, the rest open from a disclosure, so a model whose
// key feeds forty columns does not make its row a page long.
import { Link } from 'react-router-dom';
import type { ColumnLink, NodeLink } from '@common/column-lineage/columnLineageContract';
import { nodePagePath } from '../nodePagePath';
import { columnLabel, transformWords } from './transformWords';

const SHOWN = 3;
// Links stacked in a cell are one line high; the gap keeps each one's 24 px target clear of the next (WCAG 2.2 target size).
const LIST = 'list-unstyled d-flex flex-column gap-2 mb-0';

function Shortened<T>({ items, render, more }: { items: T[]; render: (item: T) => JSX.Element; more: (count: number) => string }) {
  const first = items.slice(0, SHOWN);
  const rest = items.slice(SHOWN);
  return (
    <>
      <ul className={LIST}>{first.map(render)}</ul>
      {rest.length > 0 ? (
        <details>
          <summary className="small">{more(rest.length)}</summary>
          <ul className={`${LIST} mt-2`}>{rest.map(render)}</ul>
        </details>
      ) : null}
    </>
  );
}

export function ColumnLinkList({ links }: { links: ColumnLink[] }) {
  return (
    <Shortened
      items={links}
      more={(count) => `${count} more`}
      render={(link) => (
        <li key={`${link.uniqueId}|${link.column}|${link.transform}`}>
          <Link to={nodePagePath(link.uniqueId)}>{columnLabel(link.nodeName, link.column)}</Link>{' '}
          <span className="small text-body-secondary">({transformWords(link.transform)})</span>
        </li>
      )}
    />
  );
}

export function ExposureLinkList({ exposures }: { exposures: NodeLink[] }) {
  return (
    <Shortened
      items={exposures}
      more={(count) => `${count} more`}
      render={(exposure) => (
        <li key={exposure.uniqueId}>
          <Link to={nodePagePath(exposure.uniqueId)}>{exposure.name}</Link>
        </li>
      )}
    />
  );
}

/** The links as one line of text, for the table's CSV export and sorting. */
export function columnLinksText(links: ColumnLink[]): string {
  return links.map((link) => `${columnLabel(link.nodeName, link.column)} (${link.transform})`).join('; ');
}
