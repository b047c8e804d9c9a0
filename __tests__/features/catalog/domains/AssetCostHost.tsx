// Renders the asset page's cost panel alone for an asset id in the address, as the asset page
// places it (the asset page's own test covers the rest of that page).
import { useParams } from 'react-router-dom';
import { AssetCostPanel } from '../../../../src/features/catalog/domains/AssetCostPanel';

export default function AssetCostHost() {
  const { assetId = '' } = useParams();
  return <AssetCostPanel assetId={assetId} resourceType={assetId.split('.')[0] ?? 'model'} />;
}
