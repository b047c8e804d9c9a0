/**
 * The warehouse layer: a client organisation's Snowflake account (usage, cost, users, roles)
 * behind one interface, on a real Snowflake account or on an embedded DuckDB sample account.
 *
 * How the API layer uses it
 * -------------------------
 * 1. At start-up, once:
 *
 *      const registry = new WarehouseRegistry(await loadWarehouseSettings());
 *      // on shutdown: await registry.close();
 *
 *    Organisations listed as `snowflake` in WAREHOUSE_CONNECTIONS_FILE use their Snowflake
 *    account; every other organisation gets a generated sample account (DuckDB file under
 *    `${DATA_DIR}/warehouse/`, built on first use in a couple of seconds). config.ts documents
 *    the settings.
 *
 *    The Optimize analyses read the organisation's usage copy (usage-sync/), which the portal
 *    keeps up to date on its job runner: registry.useUsageSync(createUsageSyncJobs(…).opened).
 *
 * 2. Per request, for the caller's organisation (the token's `organization` claim; never one
 *    from the request):
 *
 *      const warehouse = await registry.forOrganisation(org);
 *      warehouse.info             // { engine, sample, currency, pricePerCredit, … } — show "sample data" when sample
 *      await warehouse.dataRange() // { from, to } with data: the default range
 *
 * 3. Reads. Parse request input with the parse* helpers (they throw InvalidInputError naming the
 *    field); the methods validate again anyway.
 *
 *      const range = parseDateRange(req.query);                 // { from: 'YYYY-MM-DD', to: 'YYYY-MM-DD' }
 *      await warehouse.costSummary(range)                       // Cost page, everything
 *      const filter = parseQueryFilter(req.query);              // range + warehouseName/userName/roleName/queryTag
 *      await warehouse.topQueries(filter, { orderBy: 'cost' | 'duration', limit })
 *      await warehouse.queryPatterns(filter, { orderBy: 'cost' | 'count' | 'duration', limit })
 *      await warehouse.remoteSpillingQueries(filter), warehouse.spillByWarehouse(filter)
 *      await warehouse.queryDetail(queryId)
 *      await warehouse.warehouseUsage(range), warehouse.recommendations(range)
 *      await warehouse.usersOverview(range, { dormantDays })
 *      await warehouse.listUsers({ search }), getUser(name), listRoles({ search }), getRole(name)
 *
 *    Money is credits × the organisation's price per credit, in USD; times are ISO 8601 UTC.
 *
 * 4. Writes, audited in two steps so that a crash cannot leave a change without its entry
 *    (see management/unitOfWork.ts). `write` takes the request body (it runs parseChange) or a
 *    WarehouseChange. `audit` records the intent before the change reaches the warehouse (durable
 *    on return; throwing cancels the change); `settle` is told how it ended; `mayManageRole` is the
 *    access rules' answer for a warehouse role (a protected role the caller may not manage → 403):
 *
 *      const applied = await warehouse.write(req.body, recordIntent, { mayManageRole, settle });
 *      await warehouse.applyRecommendation(range, recommendationId, recordIntent, { settle });  // recomputed server-side
 *      await warehouse.changeInEffect(change)   // at start-up, for intents a crash left pending
 *
 * 5. Errors (errors.ts): InvalidInputError / InvalidIdentifierError → 400 with `field` and
 *    `reason`; WarehouseError → by `kind`: not_found 404, already_exists 409, conflict 409,
 *    forbidden 403, unavailable 503, failed 502. `message` is written for the user; log `cause`.
 */
export { loadWarehouseSettings, parseConnections, settingsFor, ORGANISATION_ID, DEFAULT_SAMPLE_QUERIES } from './config.js';
export type { WarehouseSettings, OrganisationWarehouseSettings, SnowflakeConnectionSettings } from './config.js';
export { WarehouseRegistry } from './registry.js';
export { OrganisationUsage, UsageNotReadyError } from './usage-sync/organisationUsage.js';
export type { UsageSettings } from './usage-sync/organisationUsage.js';
export { createUsageSyncJobs } from './usage-sync/usageSyncJobs.js';
export type { UsageSyncJobs } from './usage-sync/usageSyncJobs.js';
export type { RegistryOptions } from './registry.js';
export { Warehouse } from './warehouse.js';
export type { WarehouseInfo } from './warehouse.js';
export { InvalidInputError, InvalidIdentifierError, WarehouseError } from '../../platform/warehouse/errors.js';
export type { WarehouseErrorKind } from '../../platform/warehouse/errors.js';
export {
  parseIdentifier,
  parseObjectName,
  parseQueryId,
  parseQueryTag,
  parseSearch,
  quoteIdentifier,
} from '../../platform/warehouse/identifiers.js';
export { parseDateRange, parseQueryFilter, parseLimit, parseChoice, parseDay } from './analytics/filters.js';
export { comparisonPeriod, monthSoFar } from './analytics/comparison.js';
export type { DateRange, QueryFilter } from './analytics/filters.js';
export { parseChange, CHANGE_KINDS, changeSubject, MAX_DISPLAY_NAME_LENGTH, MAX_COMMENT_LENGTH } from './management/changes.js';
export type {
  WarehouseChange,
  ChangeKind,
  CreateUserChange,
  SetUserDisabledChange,
  SetUserDefaultsChange,
  GrantRoleToUserChange,
  RevokeRoleFromUserChange,
  DropUserChange,
  CreateRoleChange,
  GrantRoleToRoleChange,
  RevokeRoleFromRoleChange,
  DropRoleChange,
  AlterWarehouseChange,
} from './management/changes.js';
export type { AppliedChange, AuditCallback, ChangeOutcome, WriteOptions } from './management/unitOfWork.js';
export { SYSTEM_ROLES, RESERVED_ROLE_NAMES, rolesTouchedBy } from './management/protection.js';
export type { RolePolicy } from './management/protection.js';
export type {
  CostSummary,
  CostDimension,
  DailyServiceSpend,
  DailyWarehouseSpend,
  DimensionSpend,
  IdleCost,
  MonthToDate,
  Service,
  ServiceSpend,
} from './analytics/cost.js';
export type { QueryDetail, QueryOrder, QueryPattern, PatternOrder, QuerySummary, SpillSummary } from './analytics/queries.js';
export type { WarehouseSettingsView, WarehouseUsage } from './analytics/warehouses.js';
export type { Recommendation, RecommendationKind } from './analytics/recommendations.js';
export type { UserCost, UsersOverview } from './analytics/users.js';
export { POWERFUL_ROLES, DEFAULT_DORMANT_DAYS } from './analytics/users.js';
export type { MemberView, PrivilegeView, RoleDetail, RoleGrantView, RoleView, UserDetail, UserView } from './management/reads.js';
export { WAREHOUSE_SIZES, creditsPerHour } from '../../platform/warehouse/billing.js';
export type { WarehouseSize } from '../../platform/warehouse/billing.js';
export { generateSampleAccount } from '../../samples/warehouse/generator.js';
export type { DbtNodeCostRollup, NodeBuildDay, RelationReads } from './analytics/dbtNodeCost.js';
export type { SampleOptions, SampleSummary } from '../../samples/warehouse/generator.js';
