// Catalog Settings' endpoints (common/api/endpoint.ts): the server registers its routes from them
// and the browser builds its requests from them. Types only come from the contract.
import { endpoint } from '../api/endpoint';
import type {
  ArtifactSourcesResponse,
  ExternalCatalogSettings,
  ExternalCatalogSettingsResponse,
  ExternalLinkResponse,
  FreshnessSettings,
  FreshnessSettingsResponse,
  ProfilerSettings,
  ProfilerSettingsResponse,
  WebhookSettings,
  WebhookSettingsResponse,
} from './catalogSettingsContract';

export const catalogSettingsEndpoints = {
  webhooks: endpoint<{ response: WebhookSettingsResponse }>()('GET', '/api/catalog/settings/webhooks'),
  saveWebhooks: endpoint<{ body: WebhookSettings; response: WebhookSettingsResponse }>()('PUT', '/api/catalog/settings/webhooks'),
  freshness: endpoint<{ response: FreshnessSettingsResponse }>()('GET', '/api/catalog/settings/freshness'),
  saveFreshness: endpoint<{ body: FreshnessSettings; response: FreshnessSettingsResponse }>()('PUT', '/api/catalog/settings/freshness'),
  profiler: endpoint<{ response: ProfilerSettingsResponse }>()('GET', '/api/catalog/settings/profiler'),
  saveProfiler: endpoint<{ body: ProfilerSettings; response: ProfilerSettingsResponse }>()('PUT', '/api/catalog/settings/profiler'),
  externalCatalog: endpoint<{ response: ExternalCatalogSettingsResponse }>()('GET', '/api/catalog/settings/external-catalog'),
  saveExternalCatalog: endpoint<{ body: ExternalCatalogSettings; response: ExternalCatalogSettingsResponse }>()(
    'PUT',
    '/api/catalog/settings/external-catalog',
  ),
  artifactSources: endpoint<{ response: ArtifactSourcesResponse }>()('GET', '/api/catalog/settings/artifact-sources'),
  externalLink: endpoint<{ response: ExternalLinkResponse }>()('GET', '/api/catalog/external-link'),
};
