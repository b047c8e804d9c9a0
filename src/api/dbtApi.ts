// The dbt layer as the pages read it: ingestions, catalog search, assets, lineage, exposures
// and freshness. Types come from the shared contract (types only: this file loads none of their validators);
// requests are built from the endpoints' descriptions (common/dbt/dbtEndpoints.ts).
// Every read carries the Catalog tag, so a new ingestion or a freshness check refreshes them all.
import type { IngestionsResponse, ProjectsResponse } from '@common/dbt/artifactsContract';
import type { AssetDetail, CatalogSearchResponse, LineageResponse } from '@common/dbt/catalogContract';
import type { ExposureDetail, ExposuresResponse, FreshnessCheckResponse, FreshnessResponse } from '@common/dbt/consumeContract';
import { endpointUrl } from '@common/api/endpoint';
import { dbtEndpoints as endpoints } from '@common/dbt/dbtEndpoints';
import { baseApi } from './baseApi';
import { endpointRequest, type EndpointResponse } from './endpointRequest';

export const catalogTagTypes = ['Catalog'] as const;
const CATALOG = 'Catalog' as const;
// Catalog Settings' artifact sources list the latest ingestions, so deleting a project refreshes them too.
const SETTINGS = 'CatalogSettings' as const;

/** Lineage request: the focus and how far to look each way. */
export interface LineageRequest {
  focus: string;
  upstream: number;
  downstream: number;
  types?: readonly string[];
}

function lineageQueryString({ focus, upstream, downstream, types }: LineageRequest): string {
  const params = new URLSearchParams({ focus, upstream: String(upstream), downstream: String(downstream) });
  for (const type of types ?? []) params.append('types', type);
  return params.toString();
}

export const dbtApi = baseApi.enhanceEndpoints({ addTagTypes: [...catalogTagTypes, SETTINGS] }).injectEndpoints({
  endpoints: (build) => ({
    getIngestions: build.query<IngestionsResponse, void>({
      query: () => endpointRequest(endpoints.ingestions, {}),
      providesTags: [CATALOG],
    }),
    listDbtProjects: build.query<ProjectsResponse, void>({
      query: () => endpointRequest(endpoints.projects, {}),
      providesTags: [CATALOG],
    }),
    /** Removes exactly the project's nodes and results: every catalog read is stale after it. */
    deleteDbtProject: build.mutation<void, string>({
      query: (project) => endpointRequest(endpoints.deleteProject, { params: { project } }),
      invalidatesTags: [CATALOG, SETTINGS],
    }),
    /** `query` is the page's own URL query (`q`, facets, `limit`, `offset`), passed as is. */
    searchCatalog: build.query<CatalogSearchResponse, string>({
      query: (query) => `${endpointUrl(endpoints.search)}${query ? `?${query}` : ''}`,
      providesTags: [CATALOG],
    }),
    getAsset: build.query<AssetDetail, string>({
      query: (uniqueId) => endpointRequest(endpoints.asset, { params: { uniqueId } }),
      transformResponse: (response: EndpointResponse<typeof endpoints.asset>) => response.asset,
      providesTags: [CATALOG],
    }),
    getLineage: build.query<LineageResponse, LineageRequest>({
      query: (request) => `${endpointUrl(endpoints.lineage)}?${lineageQueryString(request)}`,
      providesTags: [CATALOG],
    }),
    listExposures: build.query<ExposuresResponse, void>({
      query: () => endpointRequest(endpoints.exposures, {}),
      providesTags: [CATALOG],
    }),
    getExposure: build.query<ExposureDetail, string>({
      query: (uniqueId) => endpointRequest(endpoints.exposure, { params: { uniqueId } }),
      transformResponse: (response: EndpointResponse<typeof endpoints.exposure>) => response.exposure,
      providesTags: [CATALOG],
    }),
    getFreshness: build.query<FreshnessResponse, void>({
      query: () => endpointRequest(endpoints.freshness, {}),
      providesTags: [CATALOG],
    }),
    /** Starts a check; the page follows its job and refetches when it ends. */
    startFreshnessCheck: build.mutation<FreshnessCheckResponse, void>({
      query: () => endpointRequest(endpoints.startFreshnessCheck, {}),
    }),
  }),
});

/** After a check or an ingestion: everything read from the catalog is stale. */
export const invalidateCatalog = () => dbtApi.util.invalidateTags([CATALOG]);

export const {
  useGetIngestionsQuery,
  useListDbtProjectsQuery,
  useDeleteDbtProjectMutation,
  useSearchCatalogQuery,
  useGetAssetQuery,
  useGetLineageQuery,
  useListExposuresQuery,
  useGetExposureQuery,
  useGetFreshnessQuery,
  useStartFreshnessCheckMutation,
} = dbtApi;
