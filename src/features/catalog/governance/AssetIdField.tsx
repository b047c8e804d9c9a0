// An asset's dbt id typed or picked: as the person types a name, the catalog's search offers the
// matching models, sources, seeds and snapshots (a datalist of their ids, each labelled with its
// name), so nobody has to know `model.project.name` by heart.
import { useId } from 'react';
import { skipToken } from '@reduxjs/toolkit/query/react';
import { useSearchCatalogQuery } from '../../../api/dbtApi';

const KINDS = ['model', 'source', 'seed', 'snapshot'];

export function AssetIdField({
  id,
  label,
  value,
  onValue,
}: {
  id: string;
  label: string;
  value: string;
  onValue: (value: string) => void;
}) {
  const listId = useId();
  const typed = value.trim();
  // An id already picked (it has the resource type's prefix) needs no more suggestions.
  const searching = typed.length >= 2 && !/^(model|source|seed|snapshot)\./.test(typed);
  const query = new URLSearchParams({ q: typed, limit: '10' });
  for (const kind of KINDS) query.append('kind', kind);
  const { data } = useSearchCatalogQuery(searching ? query.toString() : skipToken);
  const hits = searching ? (data?.hits ?? []).filter((hit) => hit.column === null) : [];
  return (
    <>
      <label htmlFor={id} className="form-label small mb-1">
        {label}
      </label>
      <input
        id={id}
        className="form-control form-control-sm"
        list={listId}
        placeholder="Type a name, e.g. orders"
        value={value}
        maxLength={1000}
        autoComplete="off"
        onChange={(event) => onValue(event.target.value)}
      />
      <datalist id={listId}>
        {hits.map((hit) => (
          <option key={hit.uniqueId} value={hit.uniqueId} label={`${hit.name} (${hit.resourceType})`} />
        ))}
      </datalist>
    </>
  );
}
