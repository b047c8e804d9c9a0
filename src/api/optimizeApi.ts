// The Optimize pages' reads (cost, queries, warehouses, users) and the one write they make:
// applying a warehouse recommendation. Every filter is sent only when set: the server refuses
// empty values and unknown parameters. Requests are built from the endpoints' descriptions
// (common/warehouse/warehouseEndpoints.ts); the filters go as the query parameters they always have.
import type { CostMovers, SpillingResponse, TopQueriesPage, WarehousesResponse } from '@common/warehouse/analyticsContract';
import { endpointUrl } from '@common/api/endpoint';
import { warehouseEndpoints as endpoints } from '@common/warehouse/warehouseEndpoints';
import { endpointRequest } from './endpointRequest';
import { warehouseApi } from './warehouseApi';
import type { AppliedChange, CostSummary, DateRange, QueryDetail, QueryPattern, UsersOverview } from './warehouseTypes';
import type {
  DatabaseSpendResponse,
  FilterOptionsResponse,
  PatternTrendsResponse,
  UtilisationResponse,
} from '@common/warehouse/insightsContract';

export interface QueryFilters extends DateRange {
  warehouseName?: string;
  userName?: string;
  roleName?: string;
  queryTag?: string;
  /** One query pattern (QUERY_PARAMETERIZED_HASH). */
  parameterizedHash?: string;
  /** One dbt model's build statements (its node id). */
  dbtModel?: string;
}

export type { SpillingResponse, TopQueriesPage, WarehousesResponse };

type Params = Record<string, string | number>;

/** The filters that are set, as query parameters. */
export function filterParams(filters: QueryFilters, extra: Params = {}): Params {
  const params: Params = { from: filters.from, to: filters.to };
  for (const key of ['warehouseName', 'userName', 'roleName', 'queryTag', 'parameterizedHash', 'dbtModel'] as const) {
    const value = filters[key];
    if (value) params[key] = value;
  }
  return { ...params, ...extra };
}

/** How many rows each list asks for; the tables page through them. */
export const LIST_LIMIT = 100;

/** How many movers the Cost page shows per dimension. */
export const MOVER_LIMIT = 5;

/** How many patterns the trend panel follows. */
export const PATTERN_TREND_LIMIT = 10;

export const optimizeApi = warehouseApi.injectEndpoints({
  endpoints: (build) => ({
    getCostSummary: build.query<CostSummary, DateRange>({
      query: (range) => endpointRequest(endpoints.cost, { query: { from: range.from, to: range.to } }),
    }),
    /** What moved the bill against the comparison period (the server says which), MOVER_LIMIT per dimension. */
    getCostMovers: build.query<CostMovers, DateRange>({
      query: (range) => endpointRequest(endpoints.costMovers, { query: { from: range.from, to: range.to, limit: MOVER_LIMIT } }),
    }),
    /** A page of LIST_LIMIT queries from `offset`, with how many match in all (paged on the server: a year can hold millions). */
    getTopQueries: build.query<TopQueriesPage, { filters: QueryFilters; orderBy: 'cost' | 'duration'; offset?: number }>({
      query: ({ filters, orderBy, offset = 0 }) => ({
        ...endpointRequest(endpoints.topQueries, {}),
        params: filterParams(filters, { orderBy, limit: LIST_LIMIT, offset }),
      }),
    }),
    getQueryPatterns: build.query<QueryPattern[], { filters: QueryFilters; orderBy: 'cost' | 'count' | 'duration' }>({
      query: ({ filters, orderBy }) => ({
        ...endpointRequest(endpoints.queryPatterns, {}),
        params: filterParams(filters, { orderBy, limit: LIST_LIMIT }),
      }),
      transformResponse: (response: { patterns: QueryPattern[] }) => response.patterns,
    }),
    getSpillingQueries: build.query<SpillingResponse, QueryFilters>({
      query: (filters) => ({ ...endpointRequest(endpoints.spillingQueries, {}), params: filterParams(filters, { limit: LIST_LIMIT }) }),
    }),
    getQueryDetail: build.query<QueryDetail, string>({
      query: (queryId) => endpointRequest(endpoints.queryDetail, { params: { queryId } }),
    }),
    getWarehouses: build.query<WarehousesResponse, DateRange>({
      query: (range) => endpointRequest(endpoints.warehouses, { query: { from: range.from, to: range.to } }),
      providesTags: ['WarehouseSettings'],
    }),
    applyRecommendation: build.mutation<AppliedChange, DateRange & { id: string }>({
      query: ({ from, to, id }) => endpointRequest(endpoints.applyRecommendation, { body: { from, to, id } }),
      transformResponse: (response: { applied: AppliedChange }) => response.applied,
      // Only a change that happened changes the list (a static list would refetch on errors too).
      invalidatesTags: (result) => (result ? ['WarehouseSettings'] : []),
    }),
    getDatabaseSpend: build.query<DatabaseSpendResponse, DateRange>({
      query: (range) => endpointRequest(endpoints.databaseSpend, { query: { from: range.from, to: range.to } }),
    }),
    getPatternTrends: build.query<PatternTrendsResponse, QueryFilters>({
      query: (filters) => ({
        ...endpointRequest(endpoints.patternTrends, {}),
        params: filterParams(filters, { limit: PATTERN_TREND_LIMIT }),
      }),
    }),
    getUtilisation: build.query<UtilisationResponse, DateRange & { warehouseName: string }>({
      query: ({ warehouseName, from, to }) =>
        endpointRequest(endpoints.utilisation, { params: { name: warehouseName }, query: { from, to } }),
    }),
    /** The warehouses, users, roles and tags with queries in the range, for the filters' choices. */
    getFilterOptions: build.query<FilterOptionsResponse, DateRange>({
      query: (range) => endpointRequest(endpoints.filterOptions, { query: { from: range.from, to: range.to } }),
    }),
    getUsersOverview: build.query<UsersOverview, DateRange & { dormantDays: number }>({
      query: ({ from, to, dormantDays }) => endpointRequest(endpoints.usersOverview, { query: { from, to, dormantDays } }),
      providesTags: ['WarehouseUsersOverview'],
    }),
  }),
});

export const {
  useGetCostSummaryQuery,
  useGetCostMoversQuery,
  useGetTopQueriesQuery,
  useGetQueryPatternsQuery,
  useGetSpillingQueriesQuery,
  useGetQueryDetailQuery,
  useGetWarehousesQuery,
  useApplyRecommendationMutation,
  useGetUsersOverviewQuery,
  useGetDatabaseSpendQuery,
  useGetPatternTrendsQuery,
  useGetUtilisationQuery,
  useGetFilterOptionsQuery,
} = optimizeApi;

/** The address of the queries' CSV download (fetched with the bearer token and the filters as its query, then saved). */
export function topQueriesCsvUrl(): string {
  return endpointUrl(endpoints.topQueriesCsv);
}
