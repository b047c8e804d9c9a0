// /app/snowflake/warehouses: every warehouse's settings and usage over a range, and what to
// change. Admins and client admins can apply a recommendation from here.
import { useCallback, useState } from 'react';
import { useAppSelector } from '../../../state/hooks';
import { canWriteWarehouse } from '@common/access/access';
import { selectRealmRoles } from '../../../auth';
import type { Recommendation } from '../../../api/warehouseTypes';
import { QueryResult } from '../../../components/QueryResult';
import { FilterForm } from '../FilterForm';
import { useGetWarehousesQuery } from '../../../api/optimizeApi';
import { optimizePageOf, type OptimizeContext } from '../OptimizeLayout';
import { ApplyRecommendationDialog } from './ApplyRecommendationDialog';
import { RecommendationsPanel } from './RecommendationsPanel';
import { UtilisationPanel } from './UtilisationPanel';
import { WarehouseUsagePanel } from './WarehouseUsagePanel';

function WarehousesReport({ info, range, dataRange, params }: OptimizeContext) {
  const warehousesQuery = useGetWarehousesQuery(range);
  const mayApply = canWriteWarehouse(useAppSelector(selectRealmRoles));
  const [applying, setApplying] = useState<Recommendation | null>(null);
  const openApply = useCallback((recommendation: Recommendation) => setApplying(recommendation), []);
  const { currency } = info;

  return (
    <>
      <FilterForm key={params.toString()} label="Date range" range={range} dataRange={dataRange} />
      <QueryResult query={warehousesQuery} loadingLabel="Measuring the warehouses…" errorTitle="The warehouses could not be loaded">
        {(data) => (
          <>
            <RecommendationsPanel
              recommendations={data.recommendations}
              currency={currency}
              range={range}
              onApply={mayApply ? openApply : undefined}
            />
            <WarehouseUsagePanel warehouses={data.warehouses} currency={currency} range={range} />
            <UtilisationPanel warehouses={data.warehouses} range={range} />
          </>
        )}
      </QueryResult>
      {applying ? (
        <ApplyRecommendationDialog recommendation={applying} range={range} currency={currency} onClose={() => setApplying(null)} />
      ) : null}
    </>
  );
}

export default optimizePageOf(
  {
    id: 'warehouses',
    title: 'Warehouses',
    intro: 'How each warehouse is set up, how busy it is, and what to change to pay less.',
  },
  WarehousesReport,
);
