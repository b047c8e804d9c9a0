// Choosing the node a lineage graph centres on: type a few letters, pick from the catalog's own
// search (server-side), or follow a link that already names one (`?focus=`).
import { useId, useState, type FormEvent } from 'react';
import { useSearchCatalogQuery } from '../../api/dbtApi';
import { FormField } from '../../components/FormField';

export function FocusPicker({ onPick }: { onPick: (uniqueId: string) => void }) {
  const [text, setText] = useState('');
  const [query, setQuery] = useState<string | null>(null);
  const listId = useId();
  const params = query === null ? null : new URLSearchParams({ q: query, limit: '10' });
  for (const kind of ['model', 'source', 'seed', 'snapshot', 'exposure']) params?.append('kind', kind);
  const { currentData, isFetching } = useSearchCatalogQuery(params ? params.toString() : '', { skip: query === null });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setQuery(text.trim());
  };

  return (
    <div className="dw-focus-picker">
      <form role="search" aria-label="Centre the graph on" className="d-flex flex-wrap gap-2 align-items-end" onSubmit={submit}>
        <FormField
          label="Centre on"
          type="search"
          small
          className=""
          value={text}
          onValue={setText}
          placeholder="A model, source or exposure"
        />
        <button type="submit" className="btn btn-outline-primary btn-sm">
          Find
        </button>
      </form>
      {query !== null ? (
        <div aria-live="polite" id={listId} className="dw-focus-picker-results card card-body p-2 shadow-sm">
          {isFetching ? (
            <p className="small text-body-secondary mb-0">Searching…</p>
          ) : currentData && currentData.hits.length > 0 ? (
            <ul className="list-inline mb-0">
              {currentData.hits.map((hit) => (
                <li key={`${hit.uniqueId}:${hit.column ?? ''}`} className="list-inline-item">
                  <button type="button" className="btn btn-link btn-sm px-1" onClick={() => onPick(hit.uniqueId)}>
                    {hit.name} <span className="text-body-secondary">({hit.resourceType})</span>
                  </button>
                </li>
              ))}
            </ul>
          ) : (
            <p className="small text-body-secondary mb-0">Nothing in the catalog matches “{query}”.</p>
          )}
        </div>
      ) : null}
    </div>
  );
}
