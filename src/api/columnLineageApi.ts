// Column-level lineage and impact analysis as the catalog pages read them: each column's upstream
// and downstream columns on the asset page, the columns and column edges of the lineage graph's
// nodes, each dbt project's coverage, and the impact of a change (also as a CSV file). Requests
// are built from the endpoints' descriptions (common/column-lineage/columnLineageEndpoints.ts).
// Every read carries the Catalog tag: a new ingestion recomputes the lineage, so it refetches too.
import type {
  AssetColumnLineageResponse,
  ColumnGraphResponse,
  CoverageResponse,
  ImpactQuery,
  ImpactResponse,
} from '@common/column-lineage/columnLineageContract';
import { columnLineageEndpoints as endpoints } from '@common/column-lineage/columnLineageEndpoints';
import { endpointUrl } from '@common/api/endpoint';
import { baseApi } from './baseApi';
import { apiClient } from './client';
import { catalogTagTypes } from './dbtApi';
import { endpointRequest } from './endpointRequest';

const CATALOG = 'Catalog' as const;

/** `node=a&node=b`: the graph endpoint repeats the parameter (the API client would write `node[]=`). */
export function columnGraphQueryString(nodes: readonly string[]): string {
  const params = new URLSearchParams();
  for (const node of nodes) params.append('node', node);
  return params.toString();
}

/** The impact query as the API takes it: no `column` for the whole model. */
function impactParams({ asset, column, depth }: ImpactQuery): Record<string, string | number> {
  return { asset, ...(column ? { column } : {}), ...(depth !== undefined ? { depth: Number(depth) } : {}) };
}

export const columnLineageApi = baseApi.enhanceEndpoints({ addTagTypes: catalogTagTypes }).injectEndpoints({
  endpoints: (build) => ({
    getAssetColumnLineage: build.query<AssetColumnLineageResponse, string>({
      query: (uniqueId) => endpointRequest(endpoints.assetColumns, { params: { uniqueId } }),
      providesTags: [CATALOG],
    }),
    /** The nodes in the order asked; the caller keeps the list stable so the cache hits. */
    getColumnGraph: build.query<ColumnGraphResponse, readonly string[]>({
      query: (nodes) => `${endpointUrl(endpoints.graph)}?${columnGraphQueryString(nodes)}`,
      providesTags: [CATALOG],
    }),
    getColumnLineageCoverage: build.query<CoverageResponse, void>({
      query: () => endpointRequest(endpoints.coverage, {}),
      providesTags: [CATALOG],
    }),
    getImpact: build.query<ImpactResponse, ImpactQuery>({
      query: (query) => ({ ...endpointRequest(endpoints.impact, {}), params: impactParams(query) }),
      providesTags: [CATALOG],
    }),
  }),
});

/**
 * The impact report as CSV text. It goes through the API client (bearer token from memory, the
 * 401 retry), not a link: a plain link could only carry the token in its address.
 */
export async function fetchImpactCsv(query: ImpactQuery): Promise<string> {
  const response = await apiClient.get<string>(endpointUrl(endpoints.impactCsv), { params: impactParams(query), responseType: 'text' });
  return response.data;
}

export const { useGetAssetColumnLineageQuery, useGetColumnGraphQuery, useGetColumnLineageCoverageQuery, useGetImpactQuery } =
  columnLineageApi;
