// /app/data-catalog/explore: one search box over every model, source, seed, snapshot,
// exposure, metric, semantic model, saved query, macro and column of the dbt project, answered
// by the server's full-text search (docs/catalog-search.md), with facets to narrow it. The
// search lives in the address. "/" jumps to the search box.
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router-dom';
import { SEARCH_QUERY_MAX } from '@common/dbt/catalogContract';
import { useSearchCatalogQuery } from '../../api/dbtApi';
import { dbtPageOf } from '../../components/DbtPage';
import { FormField } from '../../components/FormField';
import { QueryResult } from '../../components/QueryResult';
import { FacetFilters } from './FacetFilters';
import { SearchResults } from './SearchResults';
import { apiQuery } from './searchParams';
import './catalog.css';

function isTyping(target: EventTarget | null): boolean {
  const element = target as HTMLElement | null;
  return !!element && (element.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(element.tagName));
}

function Explore() {
  const [params, setParams] = useSearchParams();
  const [text, setText] = useState(params.get('q') ?? '');
  const [error, setError] = useState<string | undefined>();
  const input = useRef<HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement | null>(null);
  const read = useSearchCatalogQuery(apiQuery(params));

  // Back and forward change the address: the box follows it.
  const [shownQuery, setShownQuery] = useState(params.get('q') ?? '');
  if (shownQuery !== (params.get('q') ?? '')) {
    setShownQuery(params.get('q') ?? '');
    setText(params.get('q') ?? '');
  }
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key === '/' && !isTyping(event.target)) {
        event.preventDefault();
        input.current?.focus();
      }
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, []);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (text.length > SEARCH_QUERY_MAX) {
      setError(`must be at most ${SEARCH_QUERY_MAX} characters (this has ${text.length})`);
      return;
    }
    setError(undefined);
    setParams((current) => {
      const next = new URLSearchParams(current);
      if (text.trim()) next.set('q', text.trim());
      else next.delete('q');
      next.delete('page');
      return next;
    });
  };

  return (
    <>
      <form
        role="search"
        aria-label="Search the catalog"
        className="d-flex flex-wrap gap-2 align-items-start mb-3"
        onSubmit={submit}
        noValidate
      >
        <FormField
          ref={input}
          label="Search the catalog"
          labelClassName="visually-hidden"
          type="search"
          className="flex-grow-1 dw-search-field"
          placeholder="Models, sources, columns, metrics, macros… (press / to come back here)"
          value={text}
          onValue={setText}
          error={error}
          autoFocus
        />
        <button type="submit" className="btn btn-primary">
          Search
        </button>
      </form>
      <QueryResult query={read} loadingLabel="Searching…" errorTitle="The search failed">
        {(result) => (
          <div className="row">
            <aside className="col-md-3" aria-label="Filters">
              <FacetFilters facets={result.facets} />
            </aside>
            <div className="col-md-9">
              <SearchResults result={result} />
            </div>
          </div>
        )}
      </QueryResult>
    </>
  );
}

export default dbtPageOf(
  {
    id: 'explore-title',
    title: 'Explore',
    intro:
      'Search everything your dbt project knows: models, sources, seeds, snapshots, exposures, metrics, semantic models, saved queries, macros and columns. Names typed exactly or as their start come first, certified assets first among equals.',
  },
  Explore,
);
