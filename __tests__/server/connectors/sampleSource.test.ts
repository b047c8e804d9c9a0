// The sample-data source as the engine runs it (a real child process), into a real embedded
// warehouse: spec, check, discover, and incremental reads that pick up where they stopped.
import { promises as fs } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { AirbyteMessage, ConfiguredAirbyteCatalog } from '@common/integrations/airbyteProtocol';
import { builtInConnectorCommand } from '../../../server/src/features/integrations/builtInConnectors';
import { runConnector } from '../../../server/src/features/integrations/engine/connectorProcess';
import { runSyncAttempt } from '../../../server/src/features/integrations/engine/syncAttempt';
import { openDuckDbEngine } from '../../../server/src/platform/warehouse/duckdbEngine';
import type { Engine } from '../../../server/src/platform/warehouse/engine';
import { raw } from '../../../server/src/platform/warehouse/sql';

jest.setTimeout(60_000);

const source = builtInConnectorCommand('source-sample', process.cwd());
const HOUR = 3_600_000;

async function operation(name: 'spec' | 'check' | 'discover', config: unknown = {}): Promise<AirbyteMessage[]> {
  const messages: AirbyteMessage[] = [];
  await runConnector(source, {
    operation: name,
    config,
    timeoutMs: 30_000,
    memoryLimitMb: 256,
    onMessage: (message) => void messages.push(message),
  });
  return messages;
}

it('describes itself, checks its config and lists the sample streams', async () => {
  const [spec] = await operation('spec');
  expect(spec?.spec?.connectionSpecification).toMatchObject({
    properties: { seed: { type: 'string' }, orders_per_hour: { type: 'integer' } },
  });
  expect((await operation('check', { orders_per_hour: 20 }))[0]?.connectionStatus).toEqual({ status: 'SUCCEEDED' });
  expect((await operation('check', { orders_per_hour: 5000 }))[0]?.connectionStatus).toEqual({
    status: 'FAILED',
    message: 'orders_per_hour must be a whole number from 0 to 500.',
  });
  const [catalog] = await operation('discover');
  expect(catalog?.catalog?.streams.map((stream) => `${stream.namespace}.${stream.name}`)).toEqual([
    'raw_shop.customers',
    'raw_shop.products',
    'raw_shop.orders',
    'raw_shop.order_items',
    'raw_shop.payments',
    'raw_crm.support_tickets',
    'raw_events.web_events',
  ]);
});

describe('syncing into the embedded warehouse', () => {
  let dir: string;
  let engine: Engine;

  beforeEach(async () => {
    dir = await fs.mkdtemp(path.join(os.tmpdir(), 'sample-source-'));
    engine = await openDuckDbEngine(path.join(dir, 'warehouse.duckdb'));
  });

  afterEach(async () => {
    await engine.close();
    await fs.rm(dir, { recursive: true, force: true });
  });

  it('copies customers whole and brings orders hour by hour, resuming from the last hour synced', async () => {
    const [discovered] = await operation('discover');
    const streams = discovered?.catalog?.streams ?? [];
    const configured = (name: string, sync: 'full_refresh' | 'incremental', destination: 'overwrite' | 'append') => {
      const stream = streams.find((candidate) => candidate.name === name);
      if (!stream) throw new Error(`no stream ${name}`);
      return { stream, sync_mode: sync, destination_sync_mode: destination };
    };
    const catalog: ConfiguredAirbyteCatalog = {
      streams: [configured('customers', 'full_refresh', 'overwrite'), configured('orders', 'incremental', 'append')],
    };
    const start = new Date(Math.floor(Date.now() / HOUR) * HOUR - 3 * HOUR).toISOString();
    const sync = () =>
      runSyncAttempt({
        source,
        config: { seed: 'test', orders_per_hour: 10, start_date: start },
        secrets: [],
        catalog,
        warehouse: { engine },
        connectionId: 'sample',
        defaultSchema: 'RAW',
        generationId: 1,
        timeoutMs: 30_000,
        memoryLimitMb: 256,
      });

    const hourBefore = Math.floor(Date.now() / HOUR);
    const first = await sync();
    expect(first.status).toBe('succeeded');
    const orders = await engine.query(raw('SELECT COUNT(*) AS N, COUNT(DISTINCT ID) AS D, MIN(ORDERED_AT) AS FIRST FROM RAW_SHOP.ORDERS'));
    expect(orders[0]?.N).toBe(orders[0]?.D);
    expect((orders[0]?.FIRST as Date).getTime()).toBeGreaterThanOrEqual(Date.parse(start));
    expect(first.streams.find((stream) => stream.stream === 'raw_shop.orders')?.rowsCommitted).toBe(orders[0]?.N);
    expect(await engine.query(raw('SELECT COUNT(*) AS N FROM RAW_SHOP.CUSTOMERS'))).toEqual([{ N: 1500 }]);

    const second = await sync();
    const crossedAnHour = Math.floor(Date.now() / HOUR) !== hourBefore;
    const newOrders = second.streams.find((stream) => stream.stream === 'raw_shop.orders')?.rowsCommitted ?? 0;
    if (!crossedAnHour) expect(newOrders).toBe(0);
    // Customers are copied whole again; orders do not repeat.
    expect(await engine.query(raw('SELECT COUNT(*) AS N FROM RAW_SHOP.CUSTOMERS'))).toEqual([{ N: 1500 }]);
    const after = await engine.query(raw('SELECT COUNT(*) AS N, COUNT(DISTINCT ID) AS D FROM RAW_SHOP.ORDERS'));
    expect(after[0]?.N).toBe(after[0]?.D);
    expect(after[0]?.N).toBe(Number(orders[0]?.N) + newOrders);
  });
});
