// The usage copy behind the Optimize pages: how current it is (every page shows "data as of …"),
// the sync in progress, the last syncs and what they cost; and "sync now" for those who may
// change the warehouse (a sync runs statements on the account, which it bills).
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { warehouseWriterRoles } from '@common/access/access';
import { noQuery } from '@common/warehouse/warehouseRequests';
import type { UsageSyncStatus } from '@common/warehouse/usageSyncContract';
import { warehouseEndpoints as ep } from '@common/warehouse/warehouseEndpoints';
import type { Warehouse, WarehouseRegistry } from '../index.js';
import type { UsageSyncJobs } from '../usage-sync/usageSyncJobs.js';
import { callerOf, organisationOf, requireRoute } from '../../../platform/http/auth/authenticate.js';
import { HttpError } from '../../../platform/http/errors.js';
import { endpointRoute } from '../../../platform/http/endpointRoute.js';
import type { ZodTypeProvider } from '../../../platform/http/zodTypeProvider.js';

const OPTIMIZE_SCREENS = ['snowflakeCost', 'snowflakeQueries', 'snowflakeWarehouses', 'snowflakeUsers'] as const;

export function registerUsageSyncRoutes(server: FastifyInstance, registry: WarehouseRegistry, syncs: UsageSyncJobs): void {
  const app = server.withTypeProvider<ZodTypeProvider>();

  async function usageOf(
    request: FastifyRequest,
  ): Promise<{ warehouse: Warehouse; organisation: string; usage: NonNullable<Warehouse['usage']> }> {
    const organisation = organisationOf(callerOf(request));
    const warehouse = await registry.forOrganisation(organisation);
    if (!warehouse.usage) throw new HttpError(404, 'not_found', 'This warehouse has no usage copy.');
    return { warehouse, organisation, usage: warehouse.usage };
  }

  app.route({
    ...endpointRoute(ep.usageSync, { querystring: noQuery }),
    preValidation: requireRoute(OPTIMIZE_SCREENS),
    handler: async (request): Promise<UsageSyncStatus> => {
      const { warehouse, organisation, usage } = await usageOf(request);
      const [state, cost, job] = await Promise.all([usage.state(), usage.cost(warehouse.info.pricePerCredit), syncs.active(organisation)]);
      return { ...state, backfillDays: usage.settings.backfillDays, intervalMs: usage.settings.intervalMs, cost, job };
    },
  });

  app.route({
    ...endpointRoute(ep.syncUsageNow, { querystring: noQuery }),
    preValidation: requireRoute('snowflakeCost', warehouseWriterRoles),
    handler: async (request, reply) => {
      const { organisation } = await usageOf(request);
      const job = await syncs.request(organisation, callerOf(request).subject);
      return reply.code(202).send({ job });
    },
  });
}
