/**
 * Syncs into a real Snowflake account: a small connector program through the engine into a
 * throw-away schema of the load database, then a crash and a resume, then an overwrite. Runs only
 * when these are set (as the warehouse layer's live suite, plus the database to write in):
 *
 *   SNOWFLAKE_TEST_ACCOUNT, SNOWFLAKE_TEST_USER, SNOWFLAKE_TEST_PRIVATE_KEY_PATH,
 *   SNOWFLAKE_TEST_ROLE, SNOWFLAKE_TEST_WAREHOUSE, SNOWFLAKE_TEST_LOAD_DATABASE
 *   (SNOWFLAKE_TEST_PRIVATE_KEY_PASSPHRASE optional)
 *
 * The role needs CREATE SCHEMA on the load database. Otherwise the suite is skipped and says why.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { promises as fs } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { ConfiguredAirbyteCatalog } from '@common/integrations/airbyteProtocol';
import { runSyncAttempt, type AttemptRequest } from '../../../../../server/src/features/integrations/engine/syncAttempt';
import { openSnowflakeEngine } from '../../../../../server/src/features/warehouse/snowflakeEngine';
import type { Engine } from '../../../../../server/src/platform/warehouse/engine';
import { raw } from '../../../../../server/src/platform/warehouse/sql';
import { missingSnowflakeSettings, snowflakeTestSettings } from '../../warehouse/snowflakeTestAccount';
import { CONNECTOR_PREAMBLE } from '../connectorProgram';

const missing = missingSnowflakeSettings(['SNOWFLAKE_TEST_LOAD_DATABASE']);
if (missing.length > 0) {
  console.log(
    `Snowflake sync suite skipped: no Snowflake credentials (${missing.join(', ')} not set). See the header of snowflakeLoad.live.test.ts.`,
  );
}

const SOURCE = `${CONNECTOR_PREAMBLE}const config = JSON.parse(fs.readFileSync(flag('--config'), 'utf8'));
const states = flag('--state') ? JSON.parse(fs.readFileSync(flag('--state'), 'utf8')) : [];
const from = states.find((state) => state.stream?.stream_descriptor.name === 'events')?.stream.stream_state.id ?? 0;
const descriptor = { name: 'events', namespace: config.schema };
for (let id = from + 1; id <= config.total; id += 1) {
  if (id === config.crashAt) { emit({ type: 'TRACE', trace: { type: 'ERROR', emitted_at: Date.now(), error: { message: 'gone at ' + id } } }); exit(1); return; }
  emit({ type: 'RECORD', record: { stream: 'events', namespace: config.schema, emitted_at: Date.now(), data: { id, kind: id % 2 ? 'view' : 'click', detail: { n: id } } } });
  if (id % 100 === 0) emit({ type: 'STATE', state: { type: 'STREAM', stream: { stream_descriptor: descriptor, stream_state: { id } } } });
}
emit({ type: 'STATE', state: { type: 'STREAM', stream: { stream_descriptor: descriptor, stream_state: { id: config.total } } } });
`;

(missing.length > 0 ? describe.skip : describe)('syncs into a real Snowflake account', () => {
  jest.setTimeout(300_000);
  const database = (process.env.SNOWFLAKE_TEST_LOAD_DATABASE ?? '').toUpperCase();
  const schema = `DW_TEST_SYNC_${randomBytes(3).toString('hex').toUpperCase()}`;
  let engine: Engine;
  let dir: string;
  let source: AttemptRequest['source'];

  const catalog = (mode: 'append_dedup' | 'overwrite'): ConfiguredAirbyteCatalog => ({
    streams: [
      {
        stream: {
          name: 'events',
          namespace: schema,
          json_schema: { properties: { id: { type: 'integer' }, kind: { type: 'string' }, detail: { type: 'object' } } },
          supported_sync_modes: ['incremental', 'full_refresh'],
          source_defined_cursor: true,
          default_cursor_field: ['id'],
        },
        sync_mode: mode === 'overwrite' ? 'full_refresh' : 'incremental',
        destination_sync_mode: mode,
        primary_key: [['id']],
      },
    ],
  });
  const attempt = (connectionId: string, mode: 'append_dedup' | 'overwrite', config: Record<string, unknown>) =>
    runSyncAttempt({
      source,
      config: { schema, ...config },
      secrets: [],
      catalog: catalog(mode),
      warehouse: { engine, database },
      connectionId,
      defaultSchema: schema,
      generationId: 1,
      timeoutMs: 120_000,
      memoryLimitMb: 256,
    });
  const count = async () =>
    (await engine.query(raw(`SELECT COUNT(*) AS N, COUNT(DISTINCT ID) AS D FROM "${database}"."${schema}"."EVENTS"`)))[0];

  beforeAll(async () => {
    engine = await openSnowflakeEngine(snowflakeTestSettings());
    dir = await fs.mkdtemp(path.join(os.tmpdir(), 'snowflake-sync-'));
    const file = path.join(dir, 'source.cjs');
    await fs.writeFile(file, SOURCE);
    source = { command: process.execPath, args: [file], runtime: 'node' };
  });

  afterAll(async () => {
    await engine?.query(raw(`DROP SCHEMA IF EXISTS "${database}"."${schema}"`)).catch(() => undefined);
    await engine?.close();
    if (dir) await fs.rm(dir, { recursive: true, force: true });
  });

  it('keeps what was committed when the source crashes, and resumes from there', async () => {
    const connection = randomUUID();
    const failed = await attempt(connection, 'append_dedup', { total: 500, crashAt: 250 });
    expect(failed).toMatchObject({ status: 'failed', rowsCommitted: 200 });
    expect(await count()).toEqual({ N: 200, D: 200 });
    const resumed = await attempt(connection, 'append_dedup', { total: 500 });
    expect(resumed).toMatchObject({ status: 'succeeded', rowsCommitted: 300 });
    expect(await count()).toEqual({ N: 500, D: 500 });
    const [row] = await engine.query(
      raw(`SELECT KIND, DETAIL:n::NUMBER AS N, TYPEOF(_AIRBYTE_META) AS META FROM "${database}"."${schema}"."EVENTS" WHERE ID = 7`),
    );
    expect(row).toEqual({ KIND: 'view', N: 7, META: 'OBJECT' });
  });

  it('replaces the table on overwrite only when the sync succeeds', async () => {
    const connection = randomUUID();
    expect(await attempt(connection, 'overwrite', { total: 120, crashAt: 110 })).toMatchObject({ status: 'failed' });
    expect(await count()).toEqual({ N: 500, D: 500 });
    expect(await attempt(connection, 'overwrite', { total: 120 })).toMatchObject({ status: 'succeeded', rowsCommitted: 120 });
    expect(await count()).toEqual({ N: 120, D: 120 });
  });
});
