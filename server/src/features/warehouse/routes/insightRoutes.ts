// The Optimize pages' finer analyses: spend by database and schema (Cost), each top pattern's
// daily cost and change (Queries), a warehouse's utilisation over time (Warehouses), and the
// names the filters offer. Same rules as analyticsRoutes.ts: the range defaults to the
// account's data, every value is parsed by the warehouse layer (400 naming the field).
import type { FastifyInstance } from 'fastify';
import { patternTrendsQuerystring, rangeQuerystring, warehouseNameParams } from '@common/warehouse/warehouseRequests';
import { warehouseEndpoints as ep } from '@common/warehouse/warehouseEndpoints';
import { comparisonPeriod, parseQueryFilter, type WarehouseRegistry } from '../index.js';
import { requireRoute } from '../../../platform/http/auth/authenticate.js';
import { endpointRoute } from '../../../platform/http/endpointRoute.js';
import type { ZodTypeProvider } from '../../../platform/http/zodTypeProvider.js';
import { rangeOf, warehouseOfRequest } from './requestWarehouse.js';

export function registerInsightRoutes(server: FastifyInstance, registry: WarehouseRegistry): void {
  const app = server.withTypeProvider<ZodTypeProvider>();
  const warehouseOf = warehouseOfRequest(registry);

  app.route({
    ...endpointRoute(ep.databaseSpend, { querystring: rangeQuerystring }),
    preValidation: requireRoute('snowflakeCost'),
    handler: async (request) => {
      const warehouse = await warehouseOf(request);
      const range = await rangeOf(warehouse, request.query);
      return { range, previousRange: comparisonPeriod(range), databases: await warehouse.spendByDatabase(range) };
    },
  });

  app.route({
    ...endpointRoute(ep.patternTrends, { querystring: patternTrendsQuerystring }),
    preValidation: requireRoute('snowflakeQueries'),
    handler: async (request) => {
      const query = request.query;
      const warehouse = await warehouseOf(request);
      const filter = parseQueryFilter({ ...query, ...(await rangeOf(warehouse, query)) });
      return warehouse.patternTrends(filter, query.limit);
    },
  });

  app.route({
    ...endpointRoute(ep.utilisation, { params: warehouseNameParams, querystring: rangeQuerystring }),
    preValidation: requireRoute('snowflakeWarehouses'),
    handler: async (request) => {
      const warehouse = await warehouseOf(request);
      return warehouse.utilisation(request.params.name, await rangeOf(warehouse, request.query));
    },
  });

  // Every Optimize page with filters offers these names.
  const optimize = ['snowflakeCost', 'snowflakeQueries', 'snowflakeWarehouses', 'snowflakeUsers'] as const;
  app.route({
    ...endpointRoute(ep.filterOptions, { querystring: rangeQuerystring }),
    preValidation: requireRoute(optimize),
    handler: async (request) => {
      const warehouse = await warehouseOf(request);
      return warehouse.filterOptions(await rangeOf(warehouse, request.query));
    },
  });
}
