// The asset page's cost: a model's (seed's, snapshot's) builds and who reads it, an exposure's
// upstream builds, over the last 30 days of the warehouse's query history. Shown to those who
// may open Data Products (warehouse money is not a Lite feature).
import { Link } from 'react-router-dom';
import { appPaths } from '@common/paths';
import { useGetAssetCostQuery } from '../../../api/catalogDomainsApi';
import { DateTimeText } from '../../../components/DateTimeText';
import { formatCount } from '../../../components/format';
import { Panel } from '../../../components/Panel';
import { QueryResult } from '../../../components/QueryResult';
import { BuildCost } from './BuildCost';

const COSTED = ['model', 'seed', 'snapshot', 'exposure'];

export function AssetCostPanel({ assetId, resourceType }: { assetId: string; resourceType: string }) {
  const costed = COSTED.includes(resourceType);
  const assetCost = useGetAssetCostQuery(assetId, { skip: !costed });
  if (!costed) return null;
  const exposure = resourceType === 'exposure';
  return (
    <Panel
      title="Build cost"
      description={
        exposure
          ? 'What the models this exposure needs (all of them, upstream included) cost to build: warehouse queries carrying dbt’s query comment or tag, priced as Optimize prices queries.'
          : 'Warehouse queries carrying dbt’s query comment or tag for this node, priced as Optimize prices queries; reads are other queries naming its table.'
      }
    >
      <QueryResult query={assetCost} loadingLabel="Loading the build cost…" errorTitle="The build cost could not be loaded">
        {(answer) => (
          <>
            <BuildCost
              figures={answer.cost}
              currency={answer.window.currency}
              what={exposure ? `its ${formatCount(answer.upstreamModels)} upstream models` : 'this model'}
            />
            {exposure ? null : (
              <p className="small mb-0">
                {answer.reads > 0 ? (
                  <>
                    Read by {formatCount(answer.reads)} queries in the last 30 days, last <DateTimeText iso={answer.lastRead} />.
                  </>
                ) : (
                  <>
                    Nobody read it in the last 30 days: see <Link to={`${appPaths.catalogDomain}#unread-models`}>models nobody read</Link>.
                  </>
                )}
              </p>
            )}
          </>
        )}
      </QueryResult>
    </Panel>
  );
}
