// The Optimize area (/app/snowflake/*): cost, queries, warehouses and users of the caller's
// organisation's Snowflake account (or its embedded sample). Every filter is parsed by the
// warehouse layer's own parsers (400 naming the field), so nothing unvalidated reaches an engine.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { warehouseWriterRoles } from '@common/access/access';
import { parseDateRange, parseQueryFilter, type DateRange, type Warehouse, type WarehouseRegistry } from '../index.js';
import type { StoreDb } from '../../../platform/store/openStore.js';
import { callerOf, organisationOf, requireRoute } from '../../../platform/http/auth/authenticate.js';
import { HttpError } from '../../../platform/http/errors.js';
import { parseOr400 } from '../../../platform/http/validation.js';
import { auditedWrite } from './auditedWrite.js';

/** Who may apply a recommendation (an ALTER WAREHOUSE on the account). */
/** Who may change the warehouse (the access table's rule). */
export const WAREHOUSE_WRITE_ROLES = warehouseWriterRoles;

const text = z.string().max(300, 'is too long');
const rangeQuery = { from: text.optional(), to: text.optional() };
const filterQuery = { ...rangeQuery, warehouseName: text.optional(), userName: text.optional(), roleName: text.optional(), queryTag: text.optional() };
const limit = z.coerce.number({ error: 'must be a number' }).int('must be a whole number').optional();

const schemas = {
  range: z.strictObject(rangeQuery),
  top: z.strictObject({ ...filterQuery, orderBy: z.enum(['cost', 'duration']).optional(), limit }),
  patterns: z.strictObject({ ...filterQuery, orderBy: z.enum(['cost', 'count', 'duration']).optional(), limit }),
  spilling: z.strictObject({ ...filterQuery, limit }),
  users: z.strictObject({ ...rangeQuery, dormantDays: limit }),
  apply: z.strictObject({ from: z.string(), to: z.string(), id: z.string().min(1).max(200) }, { error: 'must be a JSON object' }),
};

/** An empty filter (`?userName=`) means no filter, as forms send it. */
function withoutEmpty(query: unknown): unknown {
  if (typeof query !== 'object' || query === null) return query;
  return Object.fromEntries(Object.entries(query).filter(([, value]) => value !== ''));
}

export function registerWarehouseRoutes(app: FastifyInstance, registry: WarehouseRegistry, db: StoreDb): void {
  const warehouseOf = (request: FastifyRequest): Promise<Warehouse> => registry.forOrganisation(organisationOf(callerOf(request)));

  /** The asked range, or the account's whole data range when none is given. */
  async function rangeOf(warehouse: Warehouse, query: { from?: string; to?: string }): Promise<DateRange> {
    if (query.from !== undefined || query.to !== undefined) return parseDateRange(query);
    const range = await warehouse.dataRange();
    if (!range) throw new HttpError(404, 'not_found', 'The warehouse has no usage data yet.');
    return range;
  }

  const optimize = ['snowflakeCost', 'snowflakeQueries', 'snowflakeWarehouses', 'snowflakeUsers', 'managementUsers', 'managementRoles'] as const;
  app.get('/api/warehouse/info', { preHandler: requireRoute(optimize) }, async (request) => {
    const warehouse = await warehouseOf(request);
    return { info: warehouse.info, dataRange: await warehouse.dataRange() };
  });

  // The Home page's Optimize figure: this month's spend so far, with last month beside it.
  app.get('/api/warehouse/month-to-date', { preHandler: requireRoute('snowflakeCost') }, async (request) => {
    parseOr400(z.strictObject({}), withoutEmpty(request.query));
    return { monthToDate: await (await warehouseOf(request)).monthToDate() };
  });

  app.get('/api/warehouse/cost', { preHandler: requireRoute('snowflakeCost') }, async (request) => {
    const query = parseOr400(schemas.range, withoutEmpty(request.query));
    const warehouse = await warehouseOf(request);
    return warehouse.costSummary(await rangeOf(warehouse, query));
  });

  const queriesRoute = { preHandler: requireRoute('snowflakeQueries') };
  const filterOf = async (warehouse: Warehouse, query: z.infer<typeof schemas.spilling>) => {
    const range = await rangeOf(warehouse, query);
    return parseQueryFilter({ ...query, ...range });
  };

  app.get('/api/warehouse/queries/top', queriesRoute, async (request) => {
    const query = parseOr400(schemas.top, withoutEmpty(request.query));
    const warehouse = await warehouseOf(request);
    return { queries: await warehouse.topQueries(await filterOf(warehouse, query), { orderBy: query.orderBy, limit: query.limit }) };
  });

  app.get('/api/warehouse/queries/patterns', queriesRoute, async (request) => {
    const query = parseOr400(schemas.patterns, withoutEmpty(request.query));
    const warehouse = await warehouseOf(request);
    return { patterns: await warehouse.queryPatterns(await filterOf(warehouse, query), { orderBy: query.orderBy, limit: query.limit }) };
  });

  app.get('/api/warehouse/queries/spilling', queriesRoute, async (request) => {
    const query = parseOr400(schemas.spilling, withoutEmpty(request.query));
    const warehouse = await warehouseOf(request);
    const filter = await filterOf(warehouse, query);
    const [queries, byWarehouse] = await Promise.all([warehouse.remoteSpillingQueries(filter, query.limit), warehouse.spillByWarehouse(filter)]);
    return { queries, byWarehouse };
  });

  app.get('/api/warehouse/queries/:queryId', queriesRoute, async (request) => {
    const { queryId } = parseOr400(z.object({ queryId: z.string() }), request.params);
    return (await warehouseOf(request)).queryDetail(queryId);
  });

  app.get('/api/warehouse/warehouses', { preHandler: requireRoute('snowflakeWarehouses') }, async (request) => {
    const query = parseOr400(schemas.range, withoutEmpty(request.query));
    const warehouse = await warehouseOf(request);
    const range = await rangeOf(warehouse, query);
    const [warehouses, settings, recommendations] = await Promise.all([warehouse.warehouseUsage(range), warehouse.warehouses(), warehouse.recommendations(range)]);
    return { warehouses, settings, recommendations };
  });

  app.post('/api/warehouse/recommendations/apply', { preHandler: requireRoute('snowflakeWarehouses', WAREHOUSE_WRITE_ROLES) }, async (request) => {
    const body = parseOr400(schemas.apply, request.body);
    const warehouse = await warehouseOf(request);
    const range = parseDateRange(body);
    const applied = await auditedWrite(db, callerOf(request), request.log, (audit, options) => warehouse.applyRecommendation(range, body.id, audit, options), { recommendation: body.id });
    return { applied };
  });

  app.get('/api/warehouse/users-overview', { preHandler: requireRoute('snowflakeUsers') }, async (request) => {
    const query = parseOr400(schemas.users, withoutEmpty(request.query));
    const warehouse = await warehouseOf(request);
    return warehouse.usersOverview(await rangeOf(warehouse, query), { dormantDays: query.dormantDays });
  });
}
