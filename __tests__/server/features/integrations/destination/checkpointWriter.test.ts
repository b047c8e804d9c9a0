// The checkpointed writer against a real embedded warehouse (DuckDB file): what readers see
// before and after checkpoints, per destination sync mode, and after a failed sync.
import { spawn } from 'node:child_process';
import { promises as fs } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type {
  ConfiguredAirbyteCatalog,
  ConfiguredAirbyteStream,
  DestinationSyncMode,
  SyncMode,
} from '@common/integrations/airbyteProtocol';
import { CheckpointWriter } from '../../../../../server/src/features/integrations/destination/checkpointWriter';
import { openDuckDbEngine } from '../../../../../server/src/platform/warehouse/duckdbEngine';
import type { Engine } from '../../../../../server/src/platform/warehouse/engine';
import { InvalidIdentifierError } from '../../../../../server/src/platform/warehouse/errors';
import { raw } from '../../../../../server/src/platform/warehouse/sql';

let dir: string;
let engine: Engine;

beforeEach(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'checkpoint-writer-'));
  engine = await openDuckDbEngine(path.join(dir, 'warehouse.duckdb'));
});

afterEach(async () => {
  await engine.close();
  await fs.rm(dir, { recursive: true, force: true });
});

const ordersSchema = {
  type: 'object',
  properties: {
    id: { type: 'integer' },
    status: { type: ['null', 'string'] },
    amount: { type: 'number' },
    updated_at: { type: 'string', format: 'date-time' },
    'Order Date': { type: 'string', format: 'date' },
  },
};

function catalog(
  sync: SyncMode,
  destination: DestinationSyncMode,
  name = 'orders',
  schema: Record<string, unknown> = ordersSchema,
): ConfiguredAirbyteCatalog {
  const stream: ConfiguredAirbyteStream = {
    stream: { name, namespace: 'raw_shop', json_schema: schema, supported_sync_modes: ['full_refresh', 'incremental'] },
    sync_mode: sync,
    destination_sync_mode: destination,
    cursor_field: ['updated_at'],
    primary_key: [['id']],
  };
  return { streams: [stream] };
}

const order = (id: number, status: string, updated: string, extra: Record<string, unknown> = {}) => ({
  stream: 'orders',
  namespace: 'raw_shop',
  emitted_at: Date.parse(updated),
  data: { id, status, amount: id * 10.5, updated_at: updated, 'Order Date': updated.slice(0, 10), ...extra },
});
const state = (cursor: string) => ({
  type: 'STREAM' as const,
  stream: { stream_descriptor: { name: 'orders', namespace: 'raw_shop' }, stream_state: { updated_at: cursor } },
});

const rows = (statement: string) => engine.query(raw(statement));
const ids = async () => (await rows('SELECT ID FROM RAW_SHOP.ORDERS ORDER BY ID')).map((row) => row.ID);

it('makes rows visible only with the checkpoint that covers them, and keeps the state beside them', async () => {
  const writer = await CheckpointWriter.open(
    { engine },
    { connectionId: 'c1', catalog: catalog('incremental', 'append'), defaultSchema: 'RAW', generationId: 1 },
  );
  await writer.record(order(1, 'placed', '2026-01-01T10:00:00Z'));
  await writer.record(order(2, 'placed', '2026-01-01T11:00:00Z'));
  expect(await ids()).toEqual([]);
  await expect(writer.checkpoint(state('2026-01-01T11:00:00Z'))).resolves.toEqual({
    streams: [{ stream: 'raw_shop.orders', rows: 2, bytes: expect.any(Number) }],
  });
  expect(await ids()).toEqual([1, 2]);
  // A crash after more records: they were never committed, the state still says where to resume.
  await writer.record(order(3, 'placed', '2026-01-01T12:00:00Z'));
  await writer.abandon();
  expect(await ids()).toEqual([1, 2]);
  expect(await CheckpointWriter.committedState({ engine }, 'c1')).toEqual([state('2026-01-01T11:00:00Z')]);
  expect(await CheckpointWriter.committedState({ engine }, 'another-connection')).toEqual([]);
});

it("writes typed columns and Airbyte's own columns, nulling a value that does not fit and saying so", async () => {
  const writer = await CheckpointWriter.open(
    { engine },
    { connectionId: 'c1', catalog: catalog('full_refresh', 'append'), defaultSchema: 'RAW', generationId: 7 },
  );
  await writer.record(order(1, 'placed', '2026-01-01T10:00:00Z'));
  await writer.record({ ...order(2, 'placed', '2026-01-02T10:00:00Z'), data: { id: 2, amount: 'twelve', updated_at: 'yesterday' } });
  await writer.finish();
  const [first, second] = await rows(
    `SELECT ID, STATUS, AMOUNT, UPDATED_AT, ORDER_DATE, _AIRBYTE_RAW_ID, _AIRBYTE_EXTRACTED_AT, CAST(_AIRBYTE_META AS VARCHAR) AS META, _AIRBYTE_GENERATION_ID FROM RAW_SHOP.ORDERS ORDER BY ID`,
  );
  expect(first).toMatchObject({ ID: 1, STATUS: 'placed', AMOUNT: 10.5, ORDER_DATE: expect.any(Date), _AIRBYTE_GENERATION_ID: 7 });
  expect((first?.UPDATED_AT as Date).toISOString()).toBe('2026-01-01T10:00:00.000Z');
  expect(first?._AIRBYTE_RAW_ID).toMatch(/^[0-9a-f-]{36}$/);
  expect(JSON.parse(first?.META as string)).toEqual({ changes: [], sync_id: 7 });
  expect(second).toMatchObject({ ID: 2, AMOUNT: null, UPDATED_AT: null, STATUS: null });
  expect(JSON.parse(second?.META as string).changes).toEqual([
    { field: 'amount', change: 'NULLED', reason: 'DESTINATION_TYPECAST_ERROR' },
    { field: 'updated_at', change: 'NULLED', reason: 'DESTINATION_TYPECAST_ERROR' },
  ]);
});

it('keeps the latest row per primary key in append-deduped mode', async () => {
  const writer = await CheckpointWriter.open(
    { engine },
    { connectionId: 'c1', catalog: catalog('incremental', 'append_dedup'), defaultSchema: 'RAW', generationId: 1 },
  );
  await writer.record(order(1, 'placed', '2026-01-01T10:00:00Z'));
  await writer.record(order(2, 'placed', '2026-01-01T10:00:00Z'));
  await writer.checkpoint(state('2026-01-01T10:00:00Z'));
  await writer.record(order(1, 'shipped', '2026-01-02T10:00:00Z'));
  await writer.checkpoint(state('2026-01-02T10:00:00Z'));
  await writer.finish();
  expect(await rows('SELECT ID, STATUS FROM RAW_SHOP.ORDERS ORDER BY ID')).toEqual([
    { ID: 1, STATUS: 'shipped' },
    { ID: 2, STATUS: 'placed' },
  ]);
});

it('replaces the table only when an overwrite sync succeeds', async () => {
  const first = await CheckpointWriter.open(
    { engine },
    { connectionId: 'c1', catalog: catalog('full_refresh', 'overwrite'), defaultSchema: 'RAW', generationId: 1 },
  );
  await first.record(order(1, 'placed', '2026-01-01T10:00:00Z'));
  await first.finish();
  expect(await ids()).toEqual([1]);

  const failing = await CheckpointWriter.open(
    { engine },
    { connectionId: 'c1', catalog: catalog('full_refresh', 'overwrite'), defaultSchema: 'RAW', generationId: 2 },
  );
  await failing.record(order(5, 'placed', '2026-01-05T10:00:00Z'));
  await failing.checkpoint(state('2026-01-05T10:00:00Z'));
  expect(await ids()).toEqual([1]);
  await failing.abandon();
  expect(await ids()).toEqual([1]);
  expect(await rows(`SELECT table_name FROM information_schema.tables WHERE table_schema = 'RAW_SHOP' ORDER BY table_name`)).toEqual([
    { table_name: 'ORDERS' },
  ]);
  expect(await CheckpointWriter.committedState({ engine }, 'c1')).toEqual([]);

  const second = await CheckpointWriter.open(
    { engine },
    { connectionId: 'c1', catalog: catalog('full_refresh', 'overwrite'), defaultSchema: 'RAW', generationId: 3 },
  );
  await second.record(order(7, 'placed', '2026-01-07T10:00:00Z'));
  await second.record(order(8, 'placed', '2026-01-08T10:00:00Z'));
  await second.finish();
  expect(await ids()).toEqual([7, 8]);
});

it('adds a column for a field the source started sending', async () => {
  await (
    await CheckpointWriter.open(
      { engine },
      { connectionId: 'c1', catalog: catalog('full_refresh', 'append'), defaultSchema: 'RAW', generationId: 1 },
    )
  ).finish();
  const wider = { ...ordersSchema, properties: { ...ordersSchema.properties, channel: { type: 'string' } } };
  const writer = await CheckpointWriter.open(
    { engine },
    { connectionId: 'c1', catalog: catalog('full_refresh', 'append', 'orders', wider), defaultSchema: 'RAW', generationId: 2 },
  );
  await writer.record(order(1, 'placed', '2026-01-01T10:00:00Z', { channel: 'web' }));
  await writer.finish();
  expect(await rows('SELECT ID, CHANNEL FROM RAW_SHOP.ORDERS')).toEqual([{ ID: 1, CHANNEL: 'web' }]);
});

it('refuses a stream name that is not a valid identifier before anything reaches the warehouse', async () => {
  await expect(
    CheckpointWriter.open(
      { engine },
      {
        connectionId: 'c1',
        catalog: catalog('full_refresh', 'append', 'order-items; DROP TABLE x'),
        defaultSchema: 'RAW',
        generationId: 1,
      },
    ),
  ).rejects.toBeInstanceOf(InvalidIdentifierError);
  expect(await rows(`SELECT schema_name FROM information_schema.schemata WHERE schema_name IN ('RAW_SHOP', 'AIRBYTE_INTERNAL')`)).toEqual(
    [],
  );
});

it('refuses deduplication without a primary key and incremental sync without a cursor, naming the stream', async () => {
  const noKey = catalog('incremental', 'append_dedup');
  delete noKey.streams[0]!.primary_key;
  await expect(
    CheckpointWriter.open({ engine }, { connectionId: 'c1', catalog: noKey, defaultSchema: 'RAW', generationId: 1 }),
  ).rejects.toThrow('Stream orders: deduplication needs a primary key.');
  const noCursor = catalog('incremental', 'append');
  delete noCursor.streams[0]!.cursor_field;
  await expect(
    CheckpointWriter.open({ engine }, { connectionId: 'c1', catalog: noCursor, defaultSchema: 'RAW', generationId: 1 }),
  ).rejects.toThrow('Stream orders: incremental sync needs a cursor field.');
});

it("adds Airbyte's columns to a table another tool loaded, keeping its rows", async () => {
  await rows('CREATE SCHEMA RAW_SHOP');
  await rows('CREATE TABLE RAW_SHOP.ORDERS (ID BIGINT, STATUS VARCHAR, _LOADED_AT TIMESTAMP)');
  await rows(`INSERT INTO RAW_SHOP.ORDERS VALUES (100, 'legacy', TIMESTAMP '2025-12-31 00:00:00')`);
  const writer = await CheckpointWriter.open(
    { engine },
    { connectionId: 'c1', catalog: catalog('incremental', 'append'), defaultSchema: 'RAW', generationId: 1 },
  );
  await writer.record(order(1, 'placed', '2026-01-01T10:00:00Z'));
  await writer.checkpoint(state('2026-01-01T10:00:00Z'));
  expect(await rows('SELECT ID, STATUS, _AIRBYTE_RAW_ID IS NOT NULL AS AIRBYTE FROM RAW_SHOP.ORDERS ORDER BY ID')).toEqual([
    { ID: 1, STATUS: 'placed', AIRBYTE: true },
    { ID: 100, STATUS: 'legacy', AIRBYTE: false },
  ]);
});

it('leaves the table and the state as of the last checkpoint when the process dies mid-sync', async () => {
  // Rows go into a transaction left open between checkpoints: a process killed with rows appended
  // after its last checkpoint must leave none of them in the file.
  await engine.close();
  const file = path.join(dir, 'warehouse.duckdb');
  const script = path.join(dir, 'dies.mts');
  const writerModule = path.resolve('server/src/features/integrations/destination/checkpointWriter.ts');
  const engineModule = path.resolve('server/src/platform/warehouse/duckdbEngine.ts');
  await fs.writeFile(
    script,
    `import { CheckpointWriter } from ${JSON.stringify(writerModule)};
import { openDuckDbEngine } from ${JSON.stringify(engineModule)};
const engine = await openDuckDbEngine(${JSON.stringify(file)});
const catalog = ${JSON.stringify(catalog('incremental', 'append'))};
const order = (id: number, updated: string) => ({ stream: 'orders', namespace: 'raw_shop', emitted_at: Date.parse(updated), data: { id, status: 'placed', amount: id, updated_at: updated } });
const state = (cursor: string) => ({ type: 'STREAM' as const, stream: { stream_descriptor: { name: 'orders', namespace: 'raw_shop' }, stream_state: { updated_at: cursor } } });
const writer = await CheckpointWriter.open({ engine }, { connectionId: 'c1', catalog, defaultSchema: 'RAW', generationId: 1 });
await writer.record(order(1, '2026-01-01T10:00:00Z'));
await writer.record(order(2, '2026-01-01T11:00:00Z'));
await writer.checkpoint(state('2026-01-01T11:00:00Z'));
for (let id = 3; id <= 5000; id += 1) await writer.record(order(id, '2026-01-02T10:00:00Z'));
process.stdout.write('appended', () => process.kill(process.pid, 'SIGKILL'));
`,
  );
  const output = await new Promise<string>((resolve, reject) => {
    // tsx runs the script in a child of its own and ends as it did (exit code 128 + 9 when killed).
    const child = spawn(path.resolve('node_modules/.bin/tsx'), [script], { stdio: ['ignore', 'pipe', 'inherit'] });
    let text = '';
    child.stdout.on('data', (chunk: Buffer) => (text += chunk.toString()));
    child.on('error', reject);
    child.on('exit', (code, signal) => resolve(`${text} ${signal ?? code}`));
  });
  expect(output).toMatch(/^appended (SIGKILL|137)$/);
  engine = await openDuckDbEngine(file);
  expect(await ids()).toEqual([1, 2]);
  expect(await CheckpointWriter.committedState({ engine }, 'c1')).toEqual([state('2026-01-01T11:00:00Z')]);
}, 60_000);

it("commits a stream's checkpoint only once no other stream has rows without a state", async () => {
  const both: ConfiguredAirbyteCatalog = {
    streams: [catalog('incremental', 'append').streams[0]!, catalog('incremental', 'append', 'refunds').streams[0]!],
  };
  const refundState = (cursor: string) => ({
    type: 'STREAM' as const,
    stream: { stream_descriptor: { name: 'refunds', namespace: 'raw_shop' }, stream_state: { updated_at: cursor } },
  });
  const writer = await CheckpointWriter.open({ engine }, { connectionId: 'c1', catalog: both, defaultSchema: 'RAW', generationId: 1 });
  await writer.record(order(1, 'placed', '2026-01-01T10:00:00Z'));
  await writer.record({ ...order(50, 'refunded', '2026-01-01T10:30:00Z'), stream: 'refunds' });
  // The orders' state arrives while a refund has no state yet: nothing is visible, nothing is saved.
  await expect(writer.checkpoint(state('2026-01-01T10:00:00Z'))).resolves.toEqual({ streams: [] });
  expect(await ids()).toEqual([]);
  expect(await CheckpointWriter.committedState({ engine }, 'c1')).toEqual([]);
  // The refunds' state covers the rest: both streams' rows and both states commit together.
  const committed = await writer.checkpoint(refundState('2026-01-01T10:30:00Z'));
  expect(committed.streams.map((entry) => [entry.stream, entry.rows])).toEqual([
    ['raw_shop.orders', 1],
    ['raw_shop.refunds', 1],
  ]);
  expect(await ids()).toEqual([1]);
  expect(await rows('SELECT ID FROM RAW_SHOP.REFUNDS')).toEqual([{ ID: 50 }]);
  expect(await CheckpointWriter.committedState({ engine }, 'c1')).toEqual([
    state('2026-01-01T10:00:00Z'),
    refundState('2026-01-01T10:30:00Z'),
  ]);
  await writer.finish();
});

it('takes records while a checkpoint commits, and commits them with the next checkpoint, in order', async () => {
  const writer = await CheckpointWriter.open(
    { engine },
    { connectionId: 'c1', catalog: catalog('incremental', 'append_dedup'), defaultSchema: 'RAW', generationId: 1 },
  );
  await writer.record(order(1, 'placed', '2026-01-01T10:00:00Z'));
  await writer.record(order(2, 'placed', '2026-01-01T11:00:00Z'));
  let firstCommitted = false;
  const first = writer.checkpoint(state('2026-01-01T11:00:00Z')).then((result) => {
    firstCommitted = true;
    return result;
  });
  // The commit runs on DuckDB's threads; these records are taken before it ends, without waiting for it.
  await writer.record(order(1, 'shipped', '2026-01-02T10:00:00Z'));
  await writer.record(order(3, 'placed', '2026-01-02T11:00:00Z'));
  expect(firstCommitted).toBe(false);
  await expect(first).resolves.toEqual({ streams: [{ stream: 'raw_shop.orders', rows: 2, bytes: expect.any(Number) }] });
  // They are not part of the commit that was under way: its state does not cover them.
  expect(await rows('SELECT ID, STATUS FROM RAW_SHOP.ORDERS ORDER BY ID')).toEqual([
    { ID: 1, STATUS: 'placed' },
    { ID: 2, STATUS: 'placed' },
  ]);
  const second = await writer.checkpoint(state('2026-01-02T11:00:00Z'));
  expect(second.streams).toEqual([{ stream: 'raw_shop.orders', rows: 2, bytes: expect.any(Number) }]);
  expect(await rows('SELECT ID, STATUS FROM RAW_SHOP.ORDERS ORDER BY ID')).toEqual([
    { ID: 1, STATUS: 'shipped' },
    { ID: 2, STATUS: 'placed' },
    { ID: 3, STATUS: 'placed' },
  ]);
  expect(await CheckpointWriter.committedState({ engine }, 'c1')).toEqual([state('2026-01-02T11:00:00Z')]);
  await writer.finish();
});

it('holds reading back once a commit has kept 25,000 records waiting', async () => {
  const writer = await CheckpointWriter.open(
    { engine },
    { connectionId: 'c1', catalog: catalog('incremental', 'append'), defaultSchema: 'RAW', generationId: 1 },
  );
  await writer.record(order(1, 'placed', '2026-01-01T10:00:00Z'));
  const first = writer.checkpoint(state('2026-01-01T10:00:00Z'));
  // Taken one after another as the engine does, none awaiting the commit: only microtasks run until
  // the commit's end, which comes from DuckDB's threads.
  const taken: Array<Promise<void>> = [];
  for (let id = 2; id <= 25_001; id += 1) taken.push(writer.record(order(id, 'placed', '2026-01-02T10:00:00Z')));
  await Promise.all(taken);
  let held = true;
  const over = writer.record(order(25_002, 'placed', '2026-01-02T10:00:00Z')).then(() => {
    held = false;
  });
  // Enough microtask turns for a record that did not wait to be taken (it takes two or three).
  for (let turn = 0; turn < 20; turn += 1) await Promise.resolve();
  expect(held).toBe(true);
  await first;
  await over;
  expect(held).toBe(false);
  await writer.checkpoint(state('2026-01-02T10:00:00Z'));
  expect(await rows('SELECT count(*)::INTEGER AS N, max(ID)::INTEGER AS TOP FROM RAW_SHOP.ORDERS')).toEqual([{ N: 25_002, TOP: 25_002 }]);
  await writer.finish();
});
