/**
 * One organisation's warehouse: the analytics of the Optimize pages, the reads and writes of
 * User Management, over whichever engine the organisation uses. Every method validates its
 * input again (ranges, names, ids), so a caller that forgot to parse still cannot reach the
 * engine with a bad value; every method is async, so a validation error rejects the promise.
 */
import { costSummary, monthToDate, spendByDimension, type CostDimension, type CostSummary, type DimensionSpend, type MonthToDate } from './analytics/cost.js';
import { CURRENCY, usageDays, type AnalyticsContext } from './analytics/context.js';
import { parseChoice, parseDateRange, parseDay, parseLimit, parseQueryFilter, type DateRange, type QueryFilter } from './analytics/filters.js';
import {
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
import type { Engine, EngineKind, Queryable } from './engine.js';
import { notFound } from './errors.js';
import { parseQueryId } from './identifiers.js';
import { parseChange, type WarehouseChange } from './management/changes.js';
import { getRole, getUser, listRoles, listUsers, type RoleDetail, type RoleView, type UserDetail, type UserView } from './management/reads.js';
import { applyChange, changeInEffect, type AppliedChange, type AuditCallback, type WriteOptions } from './management/unitOfWork.js';

export interface WarehouseInfo {
  organisation: string;
  engine: EngineKind;
  /** True for the embedded sample account (generated data, not a real Snowflake account). */
  sample: boolean;
  currency: typeof CURRENCY;
  pricePerCredit: number;
  storagePricePerTbMonth: number;
}

function filterOf(filter: QueryFilter): QueryFilter {
  return parseQueryFilter({ ...filter, ...filter.range });
}

export class Warehouse {
  private readonly context: AnalyticsContext;

  constructor(
    readonly info: WarehouseInfo,
    private readonly engine: Engine,
  ) {
    this.context = { engine, prices: { pricePerCredit: info.pricePerCredit, storagePricePerTbMonth: info.storagePricePerTbMonth } };
  }

  /** First and last day with usage data; the pages' default range. Null for an account without usage. */
  dataRange(): Promise<DateRange | null> {
    return usageDays(this.context);
  }

  async costSummary(range: DateRange, options: { limit?: number; asOf?: string } = {}): Promise<CostSummary> {
    return costSummary(this.context, parseDateRange(range), {
      limit: parseLimit(options.limit, 'limit', 50),
      ...(options.asOf !== undefined ? { asOf: parseDay(options.asOf, 'asOf') } : {}),
    });
  }

  async spendBy(dimension: CostDimension, range: DateRange, limit?: number): Promise<DimensionSpend[]> {
    return spendByDimension(this.context, parseDateRange(range), dimension, parseLimit(limit, 'limit', 50));
  }

  async monthToDate(asOf?: string): Promise<MonthToDate | null> {
    return monthToDate(this.context, asOf === undefined ? undefined : parseDay(asOf, 'asOf'));
  }

  async topQueries(filter: QueryFilter, options: { orderBy?: QueryOrder; limit?: number } = {}): Promise<QuerySummary[]> {
    const orderBy = parseChoice<QueryOrder>(options.orderBy, 'orderBy', ['cost', 'duration'], 'cost');
    return topQueries(this.context, filterOf(filter), { orderBy, limit: parseLimit(options.limit, 'limit', 50) });
  }

  async queryPatterns(filter: QueryFilter, options: { orderBy?: PatternOrder; limit?: number } = {}): Promise<QueryPattern[]> {
    const orderBy = parseChoice<PatternOrder>(options.orderBy, 'orderBy', ['cost', 'count', 'duration'], 'cost');
    return queryPatterns(this.context, filterOf(filter), { orderBy, limit: parseLimit(options.limit, 'limit', 50) });
  }

  async remoteSpillingQueries(filter: QueryFilter, limit?: number): Promise<QuerySummary[]> {
    return remoteSpillingQueries(this.context, filterOf(filter), parseLimit(limit, 'limit', 50));
  }

  async spillByWarehouse(filter: QueryFilter): Promise<SpillSummary[]> {
    return spillByWarehouse(this.context, filterOf(filter));
  }

  async queryDetail(queryId: string): Promise<QueryDetail> {
    return queryDetail(this.context, parseQueryId(queryId, 'queryId'));
  }

  warehouses(): Promise<WarehouseSettingsView[]> {
    return listWarehouses(this.engine);
  }

  async warehouseUsage(range: DateRange): Promise<WarehouseUsage[]> {
    return warehouseUsage(this.context, parseDateRange(range));
  }

  async recommendations(range: DateRange): Promise<Recommendation[]> {
    return warehouseRecommendations(this.context, parseDateRange(range));
  }

  async usersOverview(range: DateRange, options: { dormantDays?: number; asOf?: string } = {}): Promise<UsersOverview> {
    return usersOverview(this.context, parseDateRange(range), {
      dormantDays: parseLimit(options.dormantDays, 'dormantDays', 90, 3650),
      ...(options.asOf !== undefined ? { asOf: parseDay(options.asOf, 'asOf') } : {}),
    });
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
    return applyChange(this.engine, parseChange(change), audit, options);
  }

  /** Whether a change is in effect on the account now (settles an audit intent a crash left pending). */
  async changeInEffect(change: WarehouseChange | unknown): Promise<boolean> {
    return changeInEffect(this.engine, parseChange(change));
  }

  /**
   * Recomputes the recommendations over `range` and applies the one with `recommendationId`
   * (so the client cannot pass off another change as a recommendation).
   */
  async applyRecommendation(range: DateRange, recommendationId: string, audit?: AuditCallback, options?: WriteOptions): Promise<AppliedChange> {
    const found = (await this.recommendations(range)).find((r) => r.id === recommendationId);
    if (!found) throw notFound(`Recommendation ${recommendationId}`);
    return this.write(found.change, audit, options);
  }

  /**
   * Read access to the embedded sample account, for the demo dashboard pages the portal
   * serves; null for a real Snowflake account, whose figures are never served that way.
   */
  sampleReader(): Queryable | null {
    return this.info.sample ? this.engine : null;
  }

  close(): Promise<void> {
    return this.engine.close();
  }
}
