/**
 * One organisation's warehouse: the analytics of the Optimize pages, the reads and writes of
 * User Management, over whichever engine the organisation uses. Every method validates its
 * input again (ranges, names, ids), so a caller that forgot to parse still cannot reach the
 * engine with a bad value; every method is async, so a validation error rejects the promise.
 */
import {
  costSummary,
  monthToDate,
  spendByDimension,
  type CostDimension,
  type CostSummary,
  type DimensionSpend,
  type MonthToDate,
} from './analytics/cost.js';
import { usageDays, type AnalyticsContext } from './analytics/context.js';
import { costMovers } from './analytics/costMovers.js';
import type { CostMovers } from '@common/warehouse/analyticsContract';
import {
  parseChoice,
  parseDateRange,
  parseDay,
  parseLimit,
  parseQueryFilter,
  type DateRange,
  type QueryFilter,
} from './analytics/filters.js';
import {
  allQueries,
  countQueries,
  queryDetail,
  queryPatterns,
  remoteSpillingQueries,
  spillByWarehouse,
  topQueries,
  type PatternOrder,
  type QueryDetail,
  type QueryOrder,
  type QueryPattern,
  type QuerySummary,
  type SpillSummary,
} from './analytics/queries.js';
import { warehouseRecommendations, type Recommendation } from './analytics/recommendations.js';
import { usersOverview, type UsersOverview } from './analytics/users.js';
import { listWarehouses, warehouseUsage, type WarehouseSettingsView, type WarehouseUsage } from './analytics/warehouses.js';
import type { Engine } from '../../platform/warehouse/engine.js';
import { InvalidInputError, notFound } from '../../platform/warehouse/errors.js';
import { parseQueryId } from '../../platform/warehouse/identifiers.js';
import { parseChange, type WarehouseChange } from './management/changes.js';
import {
  getRole,
  getUser,
  listRoles,
  listUsers,
  type RoleDetail,
  type RoleView,
  type UserDetail,
  type UserView,
} from './management/reads.js';
import { ResultCache } from './resultCache.js';
import { applyChange, changeInEffect, type AppliedChange, type AuditCallback, type WriteOptions } from './management/unitOfWork.js';
import type { WarehouseInfo } from '@common/warehouse/warehouseInfo';
import type { OrganisationUsage } from './usage-sync/organisationUsage.js';
import { spendByDatabase } from './analytics/databases.js';
import { filterOptions } from './analytics/filterOptions.js';
import { patternTrends } from './analytics/patternTrends.js';
import { dailyScopeSpend, scopeValueExists, type DailyCost } from './analytics/scopeSpend.js';
import { warehouseUtilisation } from './analytics/utilisation.js';
import { dbtNodeCost, type DbtNodeCostRollup } from './analytics/dbtNodeCost.js';
import { parseObjectName } from '../../platform/warehouse/identifiers.js';
import type { BudgetScope } from '@common/warehouse/budgetsContract';
import type { DatabaseSpend, FilterOptionsResponse, PatternTrendsResponse, UtilisationResponse } from '@common/warehouse/insightsContract';

function filterOf(filter: QueryFilter): QueryFilter {
  return parseQueryFilter({ ...filter, ...filter.range });
}

/** How long an analytics answer is reused (see resultCache.ts). */
export const ANALYTICS_CACHE_MS = 5 * 60_000;

export class Warehouse {
  private readonly context: AnalyticsContext;
  private readonly cache: ResultCache;
  /** dbt node cost rollups of the usage copy, kept until its next sync (they change only then; a busy account's takes seconds). */
  private readonly nodeCosts = new Map<string, Promise<DbtNodeCostRollup>>();
  /** The organisation's usage copy (null for a warehouse built directly on a sample file). */
  readonly usage: OrganisationUsage | null;

  /**
   * `engine` is the account (User Management reads and writes, SHOW WAREHOUSES). The analyses
   * read `options.usage`, the organisation's usage copy (usage-sync/), waiting for its first
   * fill. Without one they read `engine` itself, which must then have the copy's tables: a
   * generated sample file does (tests and benchmarks of the analyses' SQL).
   * `options.cacheMs`: how long analyses are reused (0: never, as the benchmarks measure the computation).
   */
  constructor(
    readonly info: WarehouseInfo,
    private readonly engine: Engine,
    options: { cacheMs?: number; usage?: OrganisationUsage } = {},
  ) {
    this.cache = new ResultCache(options.cacheMs ?? ANALYTICS_CACHE_MS);
    this.usage = options.usage ?? null;
    this.context = {
      engine: this.usage?.engine ?? engine,
      account: engine,
      prices: { pricePerCredit: info.pricePerCredit, storagePricePerTbMonth: info.storagePricePerTbMonth },
    };
    // A sync changes every figure: nothing remembered from before it is served after it.
    this.usage?.onSynced(() => {
      this.cache.clear();
      this.nodeCosts.clear();
    });
  }

  /** First and last day with usage data; the pages' default range. Null for an account without usage. */
  async dataRange(): Promise<DateRange | null> {
    await this.usage?.whenReady();
    return this.cache.remember('dataRange', () => usageDays(this.context));
  }

  /** An analysis answered from the cache when the same one ran recently; arguments are validated ones. */
  private async analysis<T>(name: string, args: unknown[], compute: () => Promise<T>): Promise<T> {
    await this.usage?.whenReady();
    return this.cache.remember(`${name}:${JSON.stringify(args)}`, compute);
  }

  async costSummary(range: DateRange, options: { limit?: number; asOf?: string } = {}): Promise<CostSummary> {
    const parsed = parseDateRange(range);
    const settings = {
      limit: parseLimit(options.limit, 'limit', 50),
      ...(options.asOf !== undefined ? { asOf: parseDay(options.asOf, 'asOf') } : {}),
    };
    return this.analysis('costSummary', [parsed, settings], () => costSummary(this.context, parsed, settings));
  }

  async spendBy(dimension: CostDimension, range: DateRange, limit?: number): Promise<DimensionSpend[]> {
    const [parsed, max] = [parseDateRange(range), parseLimit(limit, 'limit', 50)];
    return this.analysis('spendBy', [dimension, parsed, max], () => spendByDimension(this.context, parsed, dimension, max));
  }

  /** What moved the bill: the range against its comparison period, per warehouse, user, pattern, dbt model and tag. */
  async costMovers(range: DateRange, limit?: number): Promise<CostMovers> {
    const [parsed, max] = [parseDateRange(range), parseLimit(limit, 'limit', 5, 50)];
    return this.analysis('costMovers', [parsed, max], () => costMovers(this.context, parsed, max));
  }

  async monthToDate(asOf?: string): Promise<MonthToDate | null> {
    const day = asOf === undefined ? undefined : parseDay(asOf, 'asOf');
    return this.analysis('monthToDate', [day ?? null], () => monthToDate(this.context, day));
  }

  async topQueries(filter: QueryFilter, options: { orderBy?: QueryOrder; limit?: number; offset?: number } = {}): Promise<QuerySummary[]> {
    const orderBy = parseChoice<QueryOrder>(options.orderBy, 'orderBy', ['cost', 'duration'], 'cost');
    const offset = options.offset ?? 0;
    if (!Number.isSafeInteger(offset) || offset < 0) throw new InvalidInputError('offset', 'must be a whole number, 0 or more');
    const [parsed, settings] = [filterOf(filter), { orderBy, limit: parseLimit(options.limit, 'limit', 50), offset }];
    return this.analysis('topQueries', [parsed, settings], () => topQueries(this.context, parsed, settings));
  }

  /** How many queries match the filter. */
  async countQueries(filter: QueryFilter): Promise<number> {
    const parsed = filterOf(filter);
    return this.analysis('countQueries', [parsed], () => countQueries(this.context, parsed));
  }

  /** Every query matching the filter, in pages (the CSV export streams them; nothing is cached). */
  async *exportQueries(filter: QueryFilter, orderBy?: QueryOrder): AsyncGenerator<QuerySummary[]> {
    const order = parseChoice<QueryOrder>(orderBy, 'orderBy', ['cost', 'duration'], 'cost');
    const parsed = filterOf(filter);
    await this.usage?.whenReady();
    yield* allQueries(this.context, parsed, order);
  }

  async queryPatterns(filter: QueryFilter, options: { orderBy?: PatternOrder; limit?: number } = {}): Promise<QueryPattern[]> {
    const orderBy = parseChoice<PatternOrder>(options.orderBy, 'orderBy', ['cost', 'count', 'duration'], 'cost');
    const [parsed, settings] = [filterOf(filter), { orderBy, limit: parseLimit(options.limit, 'limit', 50) }];
    return this.analysis('queryPatterns', [parsed, settings], () => queryPatterns(this.context, parsed, settings));
  }

  async remoteSpillingQueries(filter: QueryFilter, limit?: number): Promise<QuerySummary[]> {
    const [parsed, max] = [filterOf(filter), parseLimit(limit, 'limit', 50)];
    return this.analysis('remoteSpillingQueries', [parsed, max], () => remoteSpillingQueries(this.context, parsed, max));
  }

  async spillByWarehouse(filter: QueryFilter): Promise<SpillSummary[]> {
    const parsed = filterOf(filter);
    return this.analysis('spillByWarehouse', [parsed], () => spillByWarehouse(this.context, parsed));
  }

  async queryDetail(queryId: string): Promise<QueryDetail> {
    const id = parseQueryId(queryId, 'queryId');
    return this.analysis('queryDetail', [id], () => queryDetail(this.context, id));
  }

  warehouses(): Promise<WarehouseSettingsView[]> {
    return listWarehouses(this.engine);
  }

  async warehouseUsage(range: DateRange): Promise<WarehouseUsage[]> {
    const parsed = parseDateRange(range);
    return this.analysis('warehouseUsage', [parsed], () => warehouseUsage(this.context, parsed));
  }

  async recommendations(range: DateRange): Promise<Recommendation[]> {
    const parsed = parseDateRange(range);
    return this.analysis('recommendations', [parsed], () => warehouseRecommendations(this.context, parsed));
  }

  async usersOverview(range: DateRange, options: { dormantDays?: number; asOf?: string } = {}): Promise<UsersOverview> {
    const parsed = parseDateRange(range);
    const settings = {
      dormantDays: parseLimit(options.dormantDays, 'dormantDays', 90, 3650),
      ...(options.asOf !== undefined ? { asOf: parseDay(options.asOf, 'asOf') } : {}),
    };
    return this.analysis('usersOverview', [parsed, settings], () => usersOverview(this.context, parsed, settings));
  }

  async listUsers(options: { search?: string; includeDisabled?: boolean } = {}): Promise<UserView[]> {
    return listUsers(this.engine, options);
  }

  async getUser(userName: string): Promise<UserDetail> {
    return getUser(this.engine, userName);
  }

  async listRoles(options: { search?: string } = {}): Promise<RoleView[]> {
    return listRoles(this.engine, options);
  }

  async getRole(roleName: string): Promise<RoleDetail> {
    return getRole(this.engine, roleName);
  }

  /**
   * Applies a change (a WarehouseChange, or a request body that parseChange accepts) with the
   * caller's audit write in the same unit of work (see management/unitOfWork.ts).
   */
  async write(change: WarehouseChange | unknown, audit?: AuditCallback, options?: WriteOptions): Promise<AppliedChange> {
    const parsed = parseChange(change);
    try {
      return await applyChange(this.engine, parsed, audit, options);
    } finally {
      // Users, grants and warehouse settings feed the analyses too.
      this.cache.clear();
    }
  }

  /** Whether a change is in effect on the account now (settles an audit intent a crash left pending). */
  async changeInEffect(change: WarehouseChange | unknown): Promise<boolean> {
    return changeInEffect(this.engine, parseChange(change));
  }

  /**
   * Recomputes the recommendations over `range` and applies the one with `recommendationId`
   * (so the client cannot pass off another change as a recommendation).
   */
  async applyRecommendation(
    range: DateRange,
    recommendationId: string,
    audit?: AuditCallback,
    options?: WriteOptions,
  ): Promise<AppliedChange> {
    const found = (await this.recommendations(range)).find((r) => r.id === recommendationId);
    if (!found) throw notFound(`Recommendation ${recommendationId}`);
    return this.write(found.change, audit, options);
  }

  async spendByDatabase(range: DateRange): Promise<DatabaseSpend[]> {
    const parsed = parseDateRange(range);
    return this.analysis('spendByDatabase', [parsed], () => spendByDatabase(this.context, parsed));
  }

  async patternTrends(filter: QueryFilter, limit?: number): Promise<PatternTrendsResponse> {
    const [parsed, max] = [filterOf(filter), parseLimit(limit, 'limit', 10, 50)];
    return this.analysis('patternTrends', [parsed, max], () => patternTrends(this.context, parsed, max));
  }

  async utilisation(warehouseName: string, range: DateRange): Promise<UtilisationResponse> {
    const [name, parsed] = [parseObjectName(warehouseName, 'warehouseName'), parseDateRange(range)];
    if (!(await this.warehouses()).some((warehouse) => warehouse.name === name)) throw notFound(`Warehouse ${name}`);
    return this.analysis('utilisation', [name, parsed], () => warehouseUtilisation(this.context, name, parsed));
  }

  async filterOptions(range: DateRange): Promise<FilterOptionsResponse> {
    const parsed = parseDateRange(range);
    return this.analysis('filterOptions', [parsed], () => filterOptions(this.context, parsed));
  }

  /** Daily cost of what a budget watches (see analytics/scopeSpend.ts); `value` is parsed by the budgets' own rules. */
  async dailyScopeSpend(scope: BudgetScope, value: string | null, range: DateRange): Promise<DailyCost[]> {
    const parsed = parseDateRange(range);
    return this.analysis('dailyScopeSpend', [scope, value, parsed], () => dailyScopeSpend(this.context, scope, value, parsed));
  }

  /**
   * Builds of dbt nodes and reads of relations (analytics/dbtNodeCost.ts), for the catalog's cost
   * per asset: `windowDays` of builds up to the copy's last day, reads over the last `readDays`.
   * Over a usage copy the answer is kept until the copy's next sync.
   */
  async dbtNodeCost(windowDays: number, readDays: number): Promise<DbtNodeCostRollup> {
    const [days, reads] = [parseLimit(windowDays, 'windowDays', 60, 400), parseLimit(readDays, 'readDays', 30, 400)];
    if (!this.usage) return this.analysis('dbtNodeCost', [days, reads], () => dbtNodeCost(this.context, days, reads));
    await this.usage.whenReady();
    const key = `${days}:${reads}`;
    let rollup = this.nodeCosts.get(key);
    if (!rollup) {
      rollup = dbtNodeCost(this.context, days, reads);
      this.nodeCosts.set(key, rollup);
      // A failed rollup is not kept: the next request tries again.
      rollup.catch(() => this.nodeCosts.delete(key));
    }
    return rollup;
  }

  /** Whether a budget's warehouse (a current one), user, role or tag is one the account has. */
  async scopeValueExists(scope: Exclude<BudgetScope, 'account'>, value: string): Promise<boolean> {
    if (scope === 'warehouse') return (await this.warehouses()).some((warehouse) => warehouse.name === value);
    return scopeValueExists(this.context, scope, value, (await this.dataRange())?.to ?? null);
  }

  /**
   * The engine, for other areas' own read statements through the warehouse access port (source
   * freshness checks, profiles, data APIs, the sample dbt project, the demo dashboard pages).
   */
  readEngine(): Engine {
    return this.engine;
  }

  async close(): Promise<void> {
    await this.usage?.close();
    await this.engine.close();
  }
}

export type { WarehouseInfo };
