// A published example endpoint for the demo organisations over the sample warehouse's shop
// data, so a fresh clone has something to call, document and build a key for. Seeded once: an
// organisation that already has an endpoint of this name keeps its own.
import { endpointDefinition } from '@common/data-api/dataApiContract';
import type { StoreDb } from '../../platform/store/openStore.js';
import { createEndpoint, publishVersion } from './endpointsStore.js';

export const DEMO_ENDPOINT_NAME = 'orders_by_country';

export const demoDefinition = endpointDefinition.parse({
  description: 'Orders per shipping country and status since a day, optionally for one status.',
  sql: `SELECT SHIPPING_COUNTRY AS country, STATUS AS status, COUNT(*) AS orders
FROM RAW_SHOP.ORDERS
WHERE ORDERED_AT >= {{since}}
  AND ({{status}} IS NULL OR STATUS = {{status}})
GROUP BY SHIPPING_COUNTRY, STATUS
ORDER BY orders DESC, country, status`,
  parameters: [
    { name: 'since', type: 'date', description: 'First day counted (YYYY-MM-DD).', default: '2020-01-01' },
    {
      name: 'status',
      type: 'enum',
      description: 'Only orders in this status.',
      values: ['placed', 'shipped', 'completed', 'returned', 'cancelled'],
    },
  ],
  rowCap: 1000,
  pageSize: 100,
  cacheSeconds: 60,
});

export async function seedDemoEndpoints(db: StoreDb, organisations: readonly string[]): Promise<void> {
  for (const organisation of organisations) {
    const existing = await db
      .selectFrom('data_api_endpoints')
      .select('id')
      .where('organisation_id', '=', organisation)
      .where('name', '=', DEMO_ENDPOINT_NAME)
      .executeTakeFirst();
    if (existing) continue;
    const actor = { organisation, subject: 'dataworks-demo', username: 'dataworks-demo' };
    try {
      const id = await createEndpoint(db, actor, DEMO_ENDPOINT_NAME, demoDefinition);
      await publishVersion(db, actor, id, 1);
    } catch (error) {
      // Another instance seeded it at the same moment.
      if (!(error instanceof Error && /already exists/.test(error.message))) throw error;
    }
  }
}
