// One page of search results: each hit with its type, place and highlighted text, linking to
// its page; then the pager.
import { Link, useSearchParams } from 'react-router-dom';
import type { CatalogSearchResponse } from '@common/dbt/catalogContract';
import { formatCount } from '../../components/format';
import { Highlighted } from '../../components/Highlighted';
import { nodePagePath } from './nodePagePath';
import { ResultPages } from './ResultPages';
import { currentPage, PAGE_SIZE } from './searchParams';
import { healthVariant } from '../../components/healthVariant';
import { CertifiedBadge } from './CertifiedBadge';

export function SearchResults({ result }: { result: CatalogSearchResponse }) {
  const [params] = useSearchParams();
  const page = currentPage(params);

  return (
    <>
      <p className="small text-body-secondary" aria-live="polite" role="status">
        {formatCount(result.total)} {result.total === 1 ? 'match' : 'matches'} ({Math.round(result.tookMs)} ms)
      </p>
      {result.hits.length === 0 ? (
        <p>Nothing matches. Try fewer words or remove a filter.</p>
      ) : (
        <ol className="list-unstyled dw-search-hits" start={(page - 1) * PAGE_SIZE + 1}>
          {result.hits.map((hit) => (
            <li key={`${hit.uniqueId}:${hit.column ?? ''}`} className="card dw-card mb-2">
              <div className="card-body py-2">
                <div className="d-flex flex-wrap align-items-baseline gap-2">
                  <span className="badge text-bg-light border">
                    {hit.kind === 'column' ? 'column' : hit.resourceType.replace('_', ' ')}
                  </span>
                  <Link to={nodePagePath(hit.uniqueId)} className="fw-semibold">
                    {hit.column ? (
                      <>
                        {hit.name}.<Highlighted parts={hit.nameHighlight} />
                      </>
                    ) : (
                      <Highlighted parts={hit.nameHighlight} />
                    )}
                  </Link>
                  {hit.certified ? <CertifiedBadge /> : null}
                  {hit.database || hit.schema ? (
                    <span className="small text-body-secondary">{[hit.database, hit.schema].filter(Boolean).join('.')}</span>
                  ) : null}
                  {hit.health && hit.kind !== 'column' ? <span className={`badge ${healthVariant[hit.health]}`}>{hit.health}</span> : null}
                  {hit.testStatus && hit.testStatus !== 'unknown' ? <span className="small">tests: {hit.testStatus}</span> : null}
                </div>
                {hit.descriptionHighlight.length > 0 ? (
                  <p className="small mb-0 mt-1">
                    <Highlighted parts={hit.descriptionHighlight} />
                  </p>
                ) : null}
                {hit.tags.length > 0 ? <p className="small text-body-secondary mb-0">Tags: {hit.tags.join(', ')}</p> : null}
              </div>
            </li>
          ))}
        </ol>
      )}
      <ResultPages total={result.total} label="Result pages" />
    </>
  );
}
