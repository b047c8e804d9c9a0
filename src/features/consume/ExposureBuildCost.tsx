// What keeping an exposure built costs: the warehouse cost of building every model upstream of
// it over the last 30 days (the catalog's cost per asset), for those who may see warehouse money.
import { canOpen } from '@common/access/access';
import { useGetAssetCostQuery } from '../../api/catalogDomainsApi';
import { selectRealmRoles } from '../../auth';
import { formatCount, formatMoney } from '../../components/format';
import { Panel } from '../../components/Panel';
import { QueryResult } from '../../components/QueryResult';
import { useAppSelector } from '../../state/hooks';

export function ExposureBuildCost({ uniqueId }: { uniqueId: string }) {
  const allowed = canOpen(useAppSelector(selectRealmRoles), 'catalogProducts');
  const assetCost = useGetAssetCostQuery(uniqueId, { skip: !allowed });
  if (!allowed) return null;
  return (
    <Panel
      title="Build cost"
      description="Warehouse cost of building every model upstream of this exposure over the last 30 days, from the dbt statements in the query history."
    >
      <QueryResult query={assetCost} loadingLabel="Loading the build cost…" errorTitle="The build cost could not be loaded">
        {(answer) => (
          <p className="mb-0">
            <strong>{formatMoney(answer.cost.cost, answer.window.currency)}</strong> to build its {formatCount(answer.upstreamModels)}{' '}
            upstream models ({formatCount(answer.cost.builds)} build statements
            {answer.cost.previousCost !== null
              ? `; ${formatMoney(answer.cost.previousCost, answer.window.currency)} the 30 days before`
              : ''}
            ).
          </p>
        )}
      </QueryResult>
    </Panel>
  );
}
