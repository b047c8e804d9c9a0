// The Optimize area (/app/snowflake/*): cost, queries, warehouses and users of the caller's
// organisation's Snowflake account (or its embedded sample). Each route declares its request
// shape (common/warehouse/warehouseRequests.ts); every value is then parsed by the warehouse
// layer's own parsers (400 naming the field), so nothing unvalidated reaches an engine.
import { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import { warehouseWriterRoles } from '@common/access/access';
import {
  applyRecommendationBody,
  costMoversQuerystring,
  noQuery,
  queryIdParams,
  queryPatternsQuerystring,
  rangeQuerystring,
  spillingQuerystring,
  topQueriesCsvQuerystring,
  topQueriesQuerystring,
  usersOverviewQuerystring,
} from '@common/warehouse/warehouseRequests';
import { warehouseEndpoints as ep } from '@common/warehouse/warehouseEndpoints';
import { parseDateRange, parseQueryFilter, type Warehouse, type WarehouseRegistry } from '../index.js';
import type { StoreDb } from '../../../platform/store/openStore.js';
import { callerOf, requireRoute } from '../../../platform/http/auth/authenticate.js';
import { endpointRoute } from '../../../platform/http/endpointRoute.js';
import type { ZodTypeProvider } from '../../../platform/http/zodTypeProvider.js';
import { auditedWrite } from './auditedWrite.js';
import { queryCsvLines } from './queryCsv.js';
import { monthRangeOf, rangeOf, warehouseOfRequest } from './requestWarehouse.js';

/** Who may apply a recommendation (an ALTER WAREHOUSE on the account): the access table's rule. */
export const WAREHOUSE_WRITE_ROLES = warehouseWriterRoles;

/** How long the warehouse info waits for a first fill of the usage copy before saying it is under way. */
const INFO_WAIT_MS = 8000;

type QueryFilterInput = z.output<typeof spillingQuerystring>;

export function registerWarehouseRoutes(server: FastifyInstance, registry: WarehouseRegistry, db: StoreDb): void {
  const app = server.withTypeProvider<ZodTypeProvider>();
  const warehouseOf = warehouseOfRequest(registry);

  const optimize = [
    'snowflakeCost',
    'snowflakeQueries',
    'snowflakeWarehouses',
    'snowflakeUsers',
    'managementUsers',
    'managementRoles',
  ] as const;
  app.route({
    ...endpointRoute(ep.info, {}),
    preValidation: requireRoute(optimize),
    handler: async (request) => {
      const warehouse = await warehouseOf(request);
      // Before the first fill of the usage copy there is no range yet: a short fill (the embedded
      // sample's takes seconds) is waited for; a long one (a year of a real account) shows its progress instead.
      const usageReady = await (warehouse.usage?.whenReady(INFO_WAIT_MS) ?? Promise.resolve()).then(
        () => true,
        () => false,
      );
      return { info: warehouse.info, dataRange: usageReady ? await warehouse.dataRange() : null, usageReady };
    },
  });

  // The Home page's Optimize figure: this month's spend so far, with last month beside it.
  app.route({
    ...endpointRoute(ep.monthToDate, { querystring: noQuery }),
    preValidation: requireRoute('snowflakeCost'),
    handler: async (request) => {
      return { monthToDate: await (await warehouseOf(request)).monthToDate() };
    },
  });

  app.route({
    ...endpointRoute(ep.cost, { querystring: rangeQuerystring }),
    preValidation: requireRoute('snowflakeCost'),
    handler: async (request) => {
      const warehouse = await warehouseOf(request);
      return warehouse.costSummary(await rangeOf(warehouse, request.query));
    },
  });

  app.route({
    ...endpointRoute(ep.costMovers, { querystring: costMoversQuerystring }),
    preValidation: requireRoute('snowflakeCost'),
    handler: async (request) => {
      const warehouse = await warehouseOf(request);
      return warehouse.costMovers(await monthRangeOf(warehouse, request.query), request.query.limit);
    },
  });

  const queriesAccess = requireRoute('snowflakeQueries');
  const filterOf = async (warehouse: Warehouse, query: QueryFilterInput) => {
    const range = await rangeOf(warehouse, query);
    return parseQueryFilter({ ...query, ...range });
  };

  app.route({
    ...endpointRoute(ep.topQueries, { querystring: topQueriesQuerystring }),
    preValidation: queriesAccess,
    handler: async (request) => {
      const query = request.query;
      const warehouse = await warehouseOf(request);
      const filter = await filterOf(warehouse, query);
      const [queries, total] = await Promise.all([
        warehouse.topQueries(filter, { orderBy: query.orderBy, limit: query.limit, offset: query.offset }),
        warehouse.countQueries(filter),
      ]);
      return { queries, total, offset: query.offset ?? 0 };
    },
  });

  // Every matching query as CSV, streamed page by page from the usage copy (a year of a large
  // account is millions of rows: nothing is held whole in memory).
  app.route({
    ...endpointRoute(ep.topQueriesCsv, { querystring: topQueriesCsvQuerystring }),
    preValidation: queriesAccess,
    handler: async (request, reply) => {
      const query = request.query;
      const warehouse = await warehouseOf(request);
      const filter = await filterOf(warehouse, query);
      const pages = warehouse.exportQueries(filter, query.orderBy);
      // The first page is read before answering, so a bad filter still gets its 400 instead of a cut-off file.
      const first = await pages.next();
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="queries-${filter.range.from}-${filter.range.to}.csv"`)
        .send(Readable.from(queryCsvLines(first, pages, warehouse.info.currency)));
    },
  });

  app.route({
    ...endpointRoute(ep.queryPatterns, { querystring: queryPatternsQuerystring }),
    preValidation: queriesAccess,
    handler: async (request) => {
      const query = request.query;
      const warehouse = await warehouseOf(request);
      return { patterns: await warehouse.queryPatterns(await filterOf(warehouse, query), { orderBy: query.orderBy, limit: query.limit }) };
    },
  });

  app.route({
    ...endpointRoute(ep.spillingQueries, { querystring: spillingQuerystring }),
    preValidation: queriesAccess,
    handler: async (request) => {
      const query = request.query;
      const warehouse = await warehouseOf(request);
      const filter = await filterOf(warehouse, query);
      const [queries, byWarehouse] = await Promise.all([
        warehouse.remoteSpillingQueries(filter, query.limit),
        warehouse.spillByWarehouse(filter),
      ]);
      return { queries, byWarehouse };
    },
  });

  app.route({
    ...endpointRoute(ep.queryDetail, { params: queryIdParams }),
    preValidation: queriesAccess,
    handler: async (request) => {
      return (await warehouseOf(request)).queryDetail(request.params.queryId);
    },
  });

  app.route({
    ...endpointRoute(ep.warehouses, { querystring: rangeQuerystring }),
    preValidation: requireRoute('snowflakeWarehouses'),
    handler: async (request) => {
      const warehouse = await warehouseOf(request);
      const range = await rangeOf(warehouse, request.query);
      const [warehouses, settings, recommendations] = await Promise.all([
        warehouse.warehouseUsage(range),
        warehouse.warehouses(),
        warehouse.recommendations(range),
      ]);
      return { warehouses, settings, recommendations };
    },
  });

  app.route({
    ...endpointRoute(ep.applyRecommendation, { body: applyRecommendationBody }),
    preValidation: requireRoute('snowflakeWarehouses', WAREHOUSE_WRITE_ROLES),
    handler: async (request) => {
      const body = request.body;
      const warehouse = await warehouseOf(request);
      const range = parseDateRange(body);
      const applied = await auditedWrite(
        db,
        callerOf(request),
        request.log,
        (audit, options) => warehouse.applyRecommendation(range, body.id, audit, options),
        { recommendation: body.id },
      );
      return { applied };
    },
  });

  app.route({
    ...endpointRoute(ep.usersOverview, { querystring: usersOverviewQuerystring }),
    preValidation: requireRoute('snowflakeUsers'),
    handler: async (request) => {
      const query = request.query;
      const warehouse = await warehouseOf(request);
      return warehouse.usersOverview(await rangeOf(warehouse, query), { dormantDays: query.dormantDays });
    },
  });
}
