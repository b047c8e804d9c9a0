// The dbt layer's endpoints (common/api/endpoint.ts): artifact uploads and ingestions, catalog
// search, assets and lineage, exposures and freshness, upload tokens. The server registers its
// routes from them and the browser builds its requests from them. Types only come from the contracts.
import { endpoint } from '../api/endpoint';
import type { IngestionResponse, IngestionsResponse, ProjectsResponse } from './artifactsContract';
import type { AssetDetail, CatalogSearchQuery, CatalogSearchResponse, LineageQuery, LineageResponse } from './catalogContract';
import type { ExposureDetail, ExposuresResponse, FreshnessCheckResponse, FreshnessResponse } from './consumeContract';
import type { UploadTokenBody, UploadTokenCreated, UploadTokenList } from './uploadTokensContract';

type ByUniqueId = { uniqueId: string };

export const dbtEndpoints = {
  // The body is multipart (one file part per artifact, ARTIFACT_PARTS), read as a stream by the
  // route, so no body type is declared. dbt jobs call it, not the browser.
  uploadArtifacts: endpoint<{ response: IngestionResponse }>()('POST', '/api/dbt/artifacts', 201),
  ingestions: endpoint<{ response: IngestionsResponse }>()('GET', '/api/dbt/ingestions'),
  projects: endpoint<{ response: ProjectsResponse }>()('GET', '/api/dbt/projects'),
  // Removes exactly the project's nodes, its cross-project refs and its results.
  deleteProject: endpoint<{ params: { project: string }; response: void }>()('DELETE', '/api/dbt/projects/:project', 204),

  search: endpoint<{ query: CatalogSearchQuery; response: CatalogSearchResponse }>()('GET', '/api/catalog/search'),
  asset: endpoint<{ params: ByUniqueId; response: { asset: AssetDetail } }>()('GET', '/api/catalog/assets/:uniqueId'),
  lineage: endpoint<{ query: LineageQuery; response: LineageResponse }>()('GET', '/api/catalog/lineage'),

  exposures: endpoint<{ response: ExposuresResponse }>()('GET', '/api/exposures'),
  exposure: endpoint<{ params: ByUniqueId; response: { exposure: ExposureDetail } }>()('GET', '/api/exposures/:uniqueId'),
  freshness: endpoint<{ response: FreshnessResponse }>()('GET', '/api/freshness'),
  // Accepted: the check runs on the job runner; its job is followed on the live channel.
  startFreshnessCheck: endpoint<{ response: FreshnessCheckResponse }>()('POST', '/api/freshness/checks', 202),

  uploadTokens: endpoint<{ response: UploadTokenList }>()('GET', '/api/dbt/upload-tokens'),
  createUploadToken: endpoint<{ body: UploadTokenBody; response: UploadTokenCreated }>()('POST', '/api/dbt/upload-tokens', 201),
  revokeUploadToken: endpoint<{ params: { id: string }; response: void }>()('DELETE', '/api/dbt/upload-tokens/:id', 204),
};
