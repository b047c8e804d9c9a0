// The data API's endpoints (common/api/endpoint.ts): the management side the developer pages call
// (endpoints with versions, the editor's run, the OpenAPI document, API keys, usage) and the
// published side API key holders call. The server registers its routes from them and the browser
// builds its requests from them. Types only come from the contract.
import { endpoint } from '../api/endpoint';
import type {
  ApiKeySummary,
  CreatedKey,
  CreateEndpointBody,
  CreateKeyBody,
  EndpointDetail,
  EndpointSummary,
  OpenApiDocument,
  PublishedDataJson,
  RunBody,
  RunResult,
  SaveDraftBody,
  UsageQuery,
  UsageReport,
} from './dataApiContract';

type ById = { id: string };
type OneEndpoint = { endpoint: EndpointDetail };

export const dataApiEndpoints = {
  endpoints: endpoint<{ response: { endpoints: EndpointSummary[] } }>()('GET', '/api/data-api/endpoints'),
  createEndpoint: endpoint<{ body: CreateEndpointBody; response: OneEndpoint }>()('POST', '/api/data-api/endpoints', 201),
  endpoint: endpoint<{ params: ById; response: OneEndpoint }>()('GET', '/api/data-api/endpoints/:id'),
  saveDraft: endpoint<{ params: ById; body: SaveDraftBody; response: OneEndpoint }>()('PUT', '/api/data-api/endpoints/:id/draft'),
  // The version is a whole number; in the path it is text, as the URL carries it.
  publish: endpoint<{ params: ById & { version: string }; response: OneEndpoint }>()(
    'POST',
    '/api/data-api/endpoints/:id/versions/:version/publish',
  ),
  deleteEndpoint: endpoint<{ params: ById; response: void }>()('DELETE', '/api/data-api/endpoints/:id', 204),
  run: endpoint<{ body: RunBody; response: RunResult }>()('POST', '/api/data-api/run'),
  openApi: endpoint<{ response: OpenApiDocument }>()('GET', '/api/data-api/openapi.json'),
  keys: endpoint<{ response: { keys: ApiKeySummary[] } }>()('GET', '/api/data-api/keys'),
  createKey: endpoint<{ body: CreateKeyBody; response: CreatedKey }>()('POST', '/api/data-api/keys', 201),
  revokeKey: endpoint<{ params: ById; response: { key: ApiKeySummary } }>()('POST', '/api/data-api/keys/:id/revoke'),
  usage: endpoint<{ query: UsageQuery; response: UsageReport }>()('GET', '/api/data-api/usage'),
  // The usage rows as a CSV file to download.
  usageCsv: endpoint<{ query: UsageQuery; response: string }>()('GET', '/api/data-api/usage.csv'),

  // The published side, called with an API key rather than the portal's sign-in.
  // What the key may call, as an OpenAPI document.
  publishedOpenApi: endpoint<{ response: OpenApiDocument }>()('GET', '/api/data/v1/openapi.json'),
  // `endpoint` is the endpoint's name with an optional `.json`, `.csv` or `.ndjson`: JSON answers
  // PublishedDataJson, the others their rows as text. Its parameters come in the query string.
  published: endpoint<{ params: { endpoint: string }; query: Record<string, string>; response: PublishedDataJson | string }>()(
    'GET',
    '/api/data/v1/:endpoint',
  ),
};
