// The frame of one user's or one role's page: the way back to its list, the heading, the notice
// of the last change (or the one the page was reached with, e.g. after a create), "there is no
// such …" when the account has none by that name, and otherwise the sections once read.
import { useState, type ReactNode } from 'react';
import { ArrowLeft } from 'react-bootstrap-icons';
import { Link, useLocation } from 'react-router-dom';
import { isNotFound } from '../../api/apiError';
import { EmptyState } from '../../components/EmptyState';
import { QueryResult, type ReadQuery } from '../../components/QueryResult';
import { ManagementHeading } from './ManagementHeading';

interface DetailPageProps<Detail> {
  headingId: string;
  /** The list this page belongs to, and the words of the way back to it. */
  listPath: string;
  backLabel: string;
  title: ReactNode;
  intro: string;
  query: ReadQuery<Detail>;
  /** The read in words: "the role", "the user". */
  noun: string;
  /** What is asked for, e.g. "role named SALES". */
  missing: string;
  /** Why it may be missing, e.g. "It may have been dropped.". */
  missingHint: string;
  /** The words of the link back to the list from "there is no such …". */
  missingBackLabel: string;
  children: (detail: Detail, onNotice: (message: string) => void) => ReactNode;
}

export function DetailPage<Detail>({
  headingId,
  listPath,
  backLabel,
  title,
  intro,
  query,
  noun,
  missing,
  missingHint,
  missingBackLabel,
  children,
}: DetailPageProps<Detail>) {
  const arrivedWith = (useLocation().state as { notice?: string } | null)?.notice ?? null;
  const [notice, setNotice] = useState<string | null>(arrivedWith);

  return (
    <section aria-labelledby={headingId}>
      <ManagementHeading
        id={headingId}
        back={
          <Link to={listPath} className="d-inline-flex align-items-center gap-1 small mb-2">
            <ArrowLeft aria-hidden /> {backLabel}
          </Link>
        }
        title={title}
        intro={intro}
      />
      <div role="status" className={notice ? 'alert alert-success' : 'visually-hidden'}>
        {notice}
      </div>
      {isNotFound(query.error) && !query.isFetching ? (
        <EmptyState title={`There is no ${missing}`}>
          <p className="text-body-secondary">{missingHint}</p>
          <Link to={listPath}>{missingBackLabel}</Link>
        </EmptyState>
      ) : (
        <QueryResult
          query={query}
          loadingLabel={`Loading ${noun}…`}
          errorTitle={`${noun.charAt(0).toUpperCase()}${noun.slice(1)} could not be loaded`}
        >
          {(detail) => children(detail, setNotice)}
        </QueryResult>
      )}
    </section>
  );
}
