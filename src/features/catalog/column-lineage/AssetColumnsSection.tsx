// The asset page's Columns panel: the columns as catalog.json has them and, for models, sources,
// seeds and snapshots, where each one comes from and goes (column lineage), the exposures it
// reaches and a link to the impact of changing it. The columns show even when the lineage cannot
// be read: it is an addition to the table, not a condition for it.
import { useMemo, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import type { AssetDetail } from '@common/dbt/catalogContract';
import { apiErrorMessage } from '../../../api/apiError';
import { useGetAssetColumnLineageQuery } from '../../../api/columnLineageApi';
import { ErrorAlert } from '../../../components/ErrorAlert';
import { LoadingState } from '../../../components/LoadingState';
import { Panel } from '../../../components/Panel';
import { AssetColumns } from '../AssetColumns';
import { ColumnLineageState } from './ColumnLineageState';
import { columnLineageColumns } from './columnLineageColumns';
import { impactSearch, readDepth } from './impactChoice';

/** The kinds whose columns the server traces. */
export const columnLineageKinds: readonly string[] = ['model', 'source', 'seed', 'snapshot'];
/** How often a model waiting for its lineage is asked again: the job takes seconds to minutes. */
const PENDING_POLL_MS = 15_000;

function useColumnLineage(uniqueId: string, skip: boolean) {
  const [pollingInterval, setPollingInterval] = useState(0);
  const query = useGetAssetColumnLineageQuery(uniqueId, { skip, pollingInterval });
  const wanted = query.currentData?.state === 'pending' ? PENDING_POLL_MS : 0;
  if (wanted !== pollingInterval) setPollingInterval(wanted);
  return query;
}

export function AssetColumnsSection({ asset }: { asset: AssetDetail }) {
  const traced = columnLineageKinds.includes(asset.resourceType);
  const { currentData: lineage, error, isFetching, refetch } = useColumnLineage(asset.uniqueId, !traced);
  const [params] = useSearchParams();
  const depth = readDepth(params);
  const search = params.toString();
  const lineageColumns = useMemo(
    () => (lineage ? columnLineageColumns(lineage, (column) => impactSearch(new URLSearchParams(search), { column, depth })) : undefined),
    [lineage, search, depth],
  );
  return (
    <Panel
      title="Columns"
      description={
        traced
          ? 'Types from the warehouse (catalog.json) where dbt documented them; where each column comes from and goes, from the compiled SQL.'
          : 'Types from the warehouse (catalog.json) where dbt documented them.'
      }
    >
      {traced && error && !isFetching ? (
        <ErrorAlert title="The column lineage could not be loaded" message={apiErrorMessage(error)} onRetry={() => void refetch()} />
      ) : null}
      {traced && !lineage && !error ? <LoadingState label="Loading the column lineage…" /> : null}
      {lineage ? <ColumnLineageState lineage={lineage} /> : null}
      <AssetColumns columns={asset.columns} lineage={lineageColumns} />
    </Panel>
  );
}
