// An asset's dbt id typed or picked: as the person types a name, the catalog's search offers the
// matching models, sources, seeds and snapshots (a datalist of their ids, each labelled with its
// name), so nobody has to know `model.project.name` by heart.
import { useId, useState } from 'react';
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

/** What a tag or a term is put on: an asset and, optionally, one of its columns. */
export function useAssetTarget() {
  const [nodeId, setNodeId] = useState('');
  const [columnName, setColumnName] = useState('');
  const target = { nodeId: nodeId.trim(), columnName: columnName.trim() || null };
  const clear = () => {
    setNodeId('');
    setColumnName('');
  };
  return { nodeId, setNodeId, columnName, setColumnName, target, clear };
}

/**
 * The asset id and the optional column of a form putting something on an asset, in a Bootstrap
 * row: each in a column of the given classes.
 */
export function AssetTargetFields({
  idPrefix,
  target,
  columns,
}: {
  idPrefix: string;
  target: ReturnType<typeof useAssetTarget>;
  /** The classes of the asset's column and of the column name's. */
  columns: readonly [string, string];
}) {
  return (
    <>
      <div className={columns[0]}>
        <AssetIdField id={`${idPrefix}-node`} label="Asset id" value={target.nodeId} onValue={target.setNodeId} />
      </div>
      <div className={columns[1]}>
        <label htmlFor={`${idPrefix}-column`} className="form-label small mb-1">
          Column (optional)
        </label>
        <input
          id={`${idPrefix}-column`}
          className="form-control form-control-sm"
          value={target.columnName}
          maxLength={1000}
          onChange={(event) => target.setColumnName(event.target.value)}
        />
      </div>
    </>
  );
}
