// What a tag or a term is put on: an asset chosen by name (the catalog's search finds it; the
// form sends its dbt unique id) and, optionally, one of its columns, chosen from the asset's own.
import { useState } from 'react';
import { skipToken } from '@reduxjs/toolkit/query/react';
import { useGetAssetQuery } from '../../../api/dbtApi';
import { AssetPicker, type PickerOption } from '../../../components/AssetPicker';

/** What a tag or a term is put on: an asset and, optionally, one of its columns. */
export function useAssetTarget() {
  const [asset, setAsset] = useState<PickerOption | null>(null);
  const [columnName, setColumnName] = useState('');
  const target = { nodeId: asset?.value ?? '', columnName: columnName || null };
  const clear = () => {
    setAsset(null);
    setColumnName('');
  };
  const choose = (next: PickerOption | null) => {
    setAsset(next);
    setColumnName('');
  };
  return { asset, setAsset: choose, columnName, setColumnName, target, clear };
}

/**
 * The asset picker and the optional column of a form putting something on an asset, in a
 * Bootstrap row: each in a column of the given classes.
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
  const detail = useGetAssetQuery(target.asset ? target.asset.value : skipToken);
  const assetColumns = detail.currentData?.columns ?? [];
  return (
    <>
      <AssetPicker
        id={`${idPrefix}-node`}
        label="Asset"
        small
        className={columns[0]}
        selected={target.asset ? [target.asset] : []}
        onSelected={(chosen) => target.setAsset(chosen[0] ?? null)}
      />
      <div className={columns[1]}>
        <label htmlFor={`${idPrefix}-column`} className="form-label small mb-1">
          Column (optional)
        </label>
        <select
          id={`${idPrefix}-column`}
          className="form-select form-select-sm"
          value={target.columnName}
          disabled={!target.asset}
          onChange={(event) => target.setColumnName(event.target.value)}
        >
          <option value="">{target.asset ? 'The whole asset' : 'Choose an asset first'}</option>
          {assetColumns.map((column) => (
            <option key={column.name} value={column.name}>
              {column.name}
            </option>
          ))}
        </select>
      </div>
    </>
  );
}
