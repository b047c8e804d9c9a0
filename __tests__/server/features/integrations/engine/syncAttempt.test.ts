// A sync attempt end to end on the embedded engine: a real connector program (incremental by an
// id cursor, a checkpoint every 100 records, told by its config when to crash) into a real
// DuckDB warehouse. A crash keeps what was committed; the next attempt resumes from there.
import { promises as fs } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { ConfiguredAirbyteCatalog } from '@common/integrations/airbyteProtocol';
import {
  runSyncAttempt,
  type AttemptProgress,
  type AttemptRequest,
} from '../../../../../server/src/features/integrations/engine/syncAttempt';
import { openDuckDbEngine } from '../../../../../server/src/platform/warehouse/duckdbEngine';
import type { Engine } from '../../../../../server/src/platform/warehouse/engine';
import { raw } from '../../../../../server/src/platform/warehouse/sql';
import { CONNECTOR_PREAMBLE } from '../connectorProgram';

let dir: string;
let engine: Engine;
let source: AttemptRequest['source'];

const SOURCE = `${CONNECTOR_PREAMBLE}const config = JSON.parse(fs.readFileSync(flag('--config'), 'utf8'));
const states = flag('--state') ? JSON.parse(fs.readFileSync(flag('--state'), 'utf8')) : [];
const from = states.find((state) => state.stream?.stream_descriptor.name === 'events')?.stream.stream_state.id ?? 0;
const descriptor = { name: 'events', namespace: 'raw_events' };
emit({ type: 'TRACE', trace: { type: 'ESTIMATE', emitted_at: Date.now(), estimate: { name: 'events', namespace: 'raw_events', type: 'STREAM', row_estimate: config.total - from } } });
emit({ type: 'TRACE', trace: { type: 'STREAM_STATUS', emitted_at: Date.now(), stream_status: { stream_descriptor: descriptor, status: 'STARTED' } } });
let id = from;
const next = () => {
  for (let batch = 0; batch < 50 && id < config.total; batch += 1) {
    id += 1;
    if (id === config.crashAt) { emit({ type: 'TRACE', trace: { type: 'ERROR', emitted_at: Date.now(), error: { message: 'The source went away at record ' + id, failure_type: 'transient_error' } } }); return exit(1); }
    emit({ type: 'RECORD', record: { stream: 'events', namespace: 'raw_events', emitted_at: Date.now(), data: { id, kind: id % 2 ? 'view' : 'click' } } });
    if (id % 100 === 0) emit({ type: 'STATE', state: { type: 'STREAM', stream: { stream_descriptor: descriptor, stream_state: { id } } } });
  }
  if (id < config.total) return setTimeout(next, config.pauseMs ?? 0);
  emit({ type: 'STATE', state: { type: 'STREAM', stream: { stream_descriptor: descriptor, stream_state: { id } } } });
  emit({ type: 'TRACE', trace: { type: 'STREAM_STATUS', emitted_at: Date.now(), stream_status: { stream_descriptor: descriptor, status: 'COMPLETE' } } });
};
next();
`;

const catalog: ConfiguredAirbyteCatalog = {
  streams: [
    {
      stream: {
        name: 'events',
        namespace: 'raw_events',
        json_schema: { properties: { id: { type: 'integer' }, kind: { type: 'string' } } },
        supported_sync_modes: ['incremental'],
        source_defined_cursor: true,
        default_cursor_field: ['id'],
      },
      sync_mode: 'incremental',
      destination_sync_mode: 'append_dedup',
      primary_key: [['id']],
    },
  ],
};

beforeEach(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'sync-attempt-'));
  engine = await openDuckDbEngine(path.join(dir, 'warehouse.duckdb'));
  const file = path.join(dir, 'source.cjs');
  await fs.writeFile(file, SOURCE);
  source = { command: process.execPath, args: [file], runtime: 'node' };
});

afterEach(async () => {
  await engine.close();
  await fs.rm(dir, { recursive: true, force: true });
});

const attempt = (config: Record<string, unknown>, extra: Partial<AttemptRequest> = {}) =>
  runSyncAttempt({
    source,
    config,
    secrets: [],
    catalog,
    warehouse: { engine },
    connectionId: 'conn-1',
    defaultSchema: 'RAW',
    generationId: 1,
    timeoutMs: 20_000,
    memoryLimitMb: 256,
    ...extra,
  });

const count = async () => Number((await engine.query(raw('SELECT COUNT(*) AS N, COUNT(DISTINCT ID) AS D FROM RAW_EVENTS.EVENTS')))[0]?.N);

it('keeps what was committed when the source crashes, and resumes from there on the next attempt', async () => {
  const failed = await attempt({ total: 500, crashAt: 250 });
  expect(failed).toMatchObject({
    status: 'failed',
    rowsCommitted: 200,
    failure: { reason: 'crashed', retryable: true, message: 'The connector failed: The source went away at record 250' },
  });
  expect(await count()).toBe(200);

  const progress: AttemptProgress[] = [];
  const resumed = await attempt({ total: 500 }, { onProgress: (update) => progress.push(update) });
  expect(resumed).toMatchObject({ status: 'succeeded', rowsCommitted: 300, failure: null });
  expect(resumed.streams[0]).toMatchObject({
    stream: 'raw_events.events',
    rowsRead: 300,
    rowsCommitted: 300,
    rowEstimate: 300,
    status: 'COMPLETE',
  });
  expect(
    await engine.query(raw('SELECT COUNT(*) AS N, COUNT(DISTINCT ID) AS D, MIN(ID) AS LO, MAX(ID) AS HI FROM RAW_EVENTS.EVENTS')),
  ).toEqual([{ N: 500, D: 500, LO: 1, HI: 500 }]);
  // Progress was reported as checkpoints committed, not only at the end.
  const committedSteps = [...new Set(progress.map((update) => update.rowsCommitted))];
  expect(committedSteps).toEqual(expect.arrayContaining([0, 100, 200, 300]));
});

it('stops on cancel and keeps the committed checkpoints', async () => {
  const cancel = new AbortController();
  const outcome = await attempt(
    { total: 100_000, pauseMs: 5 },
    {
      signal: cancel.signal,
      onProgress: (update) => {
        if (update.rowsCommitted >= 300) cancel.abort();
      },
    },
  );
  expect(outcome.status).toBe('cancelled');
  expect(outcome.failure).toMatchObject({ reason: 'cancelled', retryable: false });
  expect(await count()).toBe(outcome.rowsCommitted);
  expect(outcome.rowsCommitted).toBeGreaterThanOrEqual(300);
});

it('fails without a retry when the warehouse refuses the data, keeping earlier checkpoints', async () => {
  const other = `${SOURCE.replace("emit({ type: 'RECORD', record: { stream: 'events'", "if (id === 150) emit({ type: 'RECORD', record: { stream: 'secrets', emitted_at: 1, data: {} } });\n    emit({ type: 'RECORD', record: { stream: 'events'")}`;
  const file = path.join(dir, 'other.cjs');
  await fs.writeFile(file, other);
  const outcome = await attempt({ total: 500 }, { source: { command: process.execPath, args: [file], runtime: 'node' } });
  expect(outcome).toMatchObject({
    status: 'failed',
    rowsCommitted: 100,
    failure: {
      reason: 'destination',
      retryable: false,
      message: 'The warehouse refused the data: Stream secrets: the connector sent a record of a stream that was not selected.',
    },
  });
  expect(await count()).toBe(100);
});

it("fails without a retry, before the connector runs, when the warehouse cannot take a stream's name", async () => {
  const bad: ConfiguredAirbyteCatalog = {
    streams: [{ ...catalog.streams[0]!, stream: { ...catalog.streams[0]!.stream, namespace: 'raw-events' } }],
  };
  const outcome = await attempt({ total: 10 }, { catalog: bad });
  expect(outcome).toMatchObject({ status: 'failed', rowsCommitted: 0, failure: { reason: 'destination', retryable: false } });
  expect(outcome.failure?.message).toMatch(/^The warehouse could not be prepared: namespace of stream events: must start with a letter/);
});

it("never writes into the portal's own schemas: a stream aimed at the sync state is refused by name", async () => {
  for (const namespace of ['AIRBYTE_INTERNAL', 'airbyte_internal', 'Account_Usage', 'dataworks']) {
    const aimed: ConfiguredAirbyteCatalog = {
      streams: [{ ...catalog.streams[0]!, stream: { ...catalog.streams[0]!.stream, name: 'DATAWORKS_SYNC_STATE', namespace } }],
    };
    const outcome = await attempt({ total: 10 }, { catalog: aimed });
    expect(outcome).toMatchObject({ status: 'failed', rowsCommitted: 0, failure: { reason: 'destination', retryable: false } });
    expect(outcome.failure?.message).toMatch(/a schema the portal keeps for its own tables/);
  }
  // The state is untouched: a normal sync still resumes and commits.
  expect(await attempt({ total: 150 })).toMatchObject({ status: 'succeeded', rowsCommitted: 150 });
});

it("a warehouse that cannot be prepared keeps the engine's own words for the portal's log", async () => {
  // A state table in a shape the writer does not expect (what an overwrite of it once left).
  await engine.query(raw('CREATE SCHEMA AIRBYTE_INTERNAL'));
  await engine.query(raw('CREATE TABLE AIRBYTE_INTERNAL.DATAWORKS_SYNC_STATE (ID INTEGER, NAME VARCHAR)'));
  const outcome = await attempt({ total: 10 });
  expect(outcome).toMatchObject({ status: 'failed', failure: { reason: 'destination', retryable: false } });
  expect(outcome.failure?.message).toMatch(/^The warehouse could not be prepared/);
  expect(outcome.failure?.cause).toMatch(/CONNECTION_ID|column/i);
});
