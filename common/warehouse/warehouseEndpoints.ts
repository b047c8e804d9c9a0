// The warehouse's endpoints (common/api/endpoint.ts): the Optimize pages' reads (cost, queries,
// warehouses, users, what moved the bill and their finer analyses) and the recommendation they apply, the Cost page's
// budgets, the usage copy's state and "sync now", and User Management's users, roles and changes.
// The server registers its routes from them and the browser builds its requests from them. Types
// only come from the contracts.
import { endpoint } from '../api/endpoint';
import type { JobView } from '../jobs/jobsContract';
import type {
  CostMovers,
  CostSummary,
  MonthToDate,
  QueryDetail,
  QueryPattern,
  SpillingResponse,
  TopQueriesPage,
  UsersOverview,
  WarehouseInfoResponse,
  WarehousesResponse,
} from './analyticsContract';
import type { Budget, BudgetInput, BudgetsResponse } from './budgetsContract';
import type { DatabaseSpendResponse, FilterOptionsResponse, PatternTrendsResponse, UtilisationResponse } from './insightsContract';
import type { AppliedChange, RoleDetail, RoleView, UserDetail, UserView, WarehouseChange } from './managementContract';
import type { UsageSyncStatus } from './usageSyncContract';
import type {
  ApplyRecommendationBody,
  CostMoversQuery,
  ManagementSearchQuery,
  NoQuery,
  PatternTrendsQuery,
  QueryPatternsQuery,
  RangeQuery,
  SpillingQuery,
  TopQueriesCsvQuery,
  TopQueriesQuery,
  UsersOverviewQuery,
} from './warehouseRequests';

type ByName = { name: string };
type Applied = { applied: AppliedChange };
type OneBudget = { budget: Budget };

export const warehouseEndpoints = {
  info: endpoint<{ response: WarehouseInfoResponse }>()('GET', '/api/warehouse/info'),
  monthToDate: endpoint<{ query: NoQuery; response: { monthToDate: MonthToDate | null } }>()('GET', '/api/warehouse/month-to-date'),
  cost: endpoint<{ query: RangeQuery; response: CostSummary }>()('GET', '/api/warehouse/cost'),
  // What moved the bill against the comparison period; without a range, this month so far (the account's last month with usage).
  costMovers: endpoint<{ query: CostMoversQuery; response: CostMovers }>()('GET', '/api/warehouse/cost/movers'),
  topQueries: endpoint<{ query: TopQueriesQuery; response: TopQueriesPage }>()('GET', '/api/warehouse/queries/top'),
  // Every matching query as a CSV file to download.
  topQueriesCsv: endpoint<{ query: TopQueriesCsvQuery; response: string }>()('GET', '/api/warehouse/queries/top.csv'),
  queryPatterns: endpoint<{ query: QueryPatternsQuery; response: { patterns: QueryPattern[] } }>()(
    'GET',
    '/api/warehouse/queries/patterns',
  ),
  spillingQueries: endpoint<{ query: SpillingQuery; response: SpillingResponse }>()('GET', '/api/warehouse/queries/spilling'),
  queryDetail: endpoint<{ params: { queryId: string }; response: QueryDetail }>()('GET', '/api/warehouse/queries/:queryId'),
  warehouses: endpoint<{ query: RangeQuery; response: WarehousesResponse }>()('GET', '/api/warehouse/warehouses'),
  applyRecommendation: endpoint<{ body: ApplyRecommendationBody; response: Applied }>()('POST', '/api/warehouse/recommendations/apply'),
  usersOverview: endpoint<{ query: UsersOverviewQuery; response: UsersOverview }>()('GET', '/api/warehouse/users-overview'),

  databaseSpend: endpoint<{ query: RangeQuery; response: DatabaseSpendResponse }>()('GET', '/api/warehouse/cost/databases'),
  patternTrends: endpoint<{ query: PatternTrendsQuery; response: PatternTrendsResponse }>()('GET', '/api/warehouse/queries/pattern-trends'),
  utilisation: endpoint<{ params: ByName; query: RangeQuery; response: UtilisationResponse }>()(
    'GET',
    '/api/warehouse/warehouses/:name/utilisation',
  ),
  filterOptions: endpoint<{ query: RangeQuery; response: FilterOptionsResponse }>()('GET', '/api/warehouse/filter-options'),

  budgets: endpoint<{ query: NoQuery; response: BudgetsResponse }>()('GET', '/api/warehouse/budgets'),
  createBudget: endpoint<{ body: BudgetInput; response: OneBudget }>()('POST', '/api/warehouse/budgets', 201),
  updateBudget: endpoint<{ params: { id: string }; body: BudgetInput; response: OneBudget }>()('PUT', '/api/warehouse/budgets/:id'),
  deleteBudget: endpoint<{ params: { id: string }; response: void }>()('DELETE', '/api/warehouse/budgets/:id', 204),

  usageSync: endpoint<{ query: NoQuery; response: UsageSyncStatus }>()('GET', '/api/warehouse/usage-sync'),
  // Accepted: the sync runs on the job runner; its job is followed on the live channel.
  syncUsageNow: endpoint<{ query: NoQuery; response: { job: JobView } }>()('POST', '/api/warehouse/usage-sync', 202),

  users: endpoint<{ query: ManagementSearchQuery; response: { users: UserView[] } }>()('GET', '/api/management/users'),
  user: endpoint<{ params: ByName; response: UserDetail }>()('GET', '/api/management/users/:name'),
  roles: endpoint<{ query: ManagementSearchQuery; response: { roles: RoleView[] } }>()('GET', '/api/management/roles'),
  role: endpoint<{ params: ByName; response: RoleDetail }>()('GET', '/api/management/roles/:name'),
  // The body is checked by the warehouse layer's own parser (parseChange), which names the field.
  applyChange: endpoint<{ body: WarehouseChange; response: Applied }>()('POST', '/api/management/changes'),
};
