// Column-level lineage and impact analysis endpoints (common/api/endpoint.ts). The server
// registers its routes from them and the browser builds its requests from them.
import { endpoint } from '../api/endpoint';
import type {
  AssetColumnLineageResponse,
  ColumnGraphQuery,
  ColumnGraphResponse,
  CoverageResponse,
  ImpactQuery,
  ImpactResponse,
} from './columnLineageContract';

export const columnLineageEndpoints = {
  assetColumns: endpoint<{ params: { uniqueId: string }; response: AssetColumnLineageResponse }>()(
    'GET',
    '/api/catalog/column-lineage/assets/:uniqueId',
  ),
  graph: endpoint<{ query: ColumnGraphQuery; response: ColumnGraphResponse }>()('GET', '/api/catalog/column-lineage/graph'),
  coverage: endpoint<{ response: CoverageResponse }>()('GET', '/api/catalog/column-lineage/coverage'),
  impact: endpoint<{ query: ImpactQuery; response: ImpactResponse }>()('GET', '/api/catalog/impact'),
  // The same report as CSV, one row per impacted thing (kind, id, name, column, distance, via, owners).
  impactCsv: endpoint<{ query: ImpactQuery; response: string }>()('GET', '/api/catalog/impact.csv'),
};
