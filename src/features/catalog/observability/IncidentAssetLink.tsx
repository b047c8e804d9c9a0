// An incident's asset by its name, opening the asset's page; an asset the project no longer has
// is named from its id and said to be gone.
import { Link } from 'react-router-dom';
import type { IncidentRecord } from '@common/catalog-quality/incidentsContract';
import { assetNameOfId } from '../../../components/AssetPicker';
import { nodePagePath } from '../nodePagePath';

export function IncidentAssetLink({ incident }: { incident: Pick<IncidentRecord, 'assetId' | 'assetName'> }) {
  if (!incident.assetId) return <>–</>;
  if (incident.assetName === null)
    return <span title={incident.assetId}>{`${assetNameOfId(incident.assetId)} (no longer in the dbt project)`}</span>;
  return (
    <Link to={nodePagePath(incident.assetId)} title={incident.assetId}>
      {incident.assetName}
    </Link>
  );
}
